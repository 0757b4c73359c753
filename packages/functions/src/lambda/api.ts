import { handle } from "hono/aws-lambda";
import { app } from "../api/index.ts";

/** The API Lambda: a Function URL behind the router's `/api` route. */
export const handler = handle(app);
