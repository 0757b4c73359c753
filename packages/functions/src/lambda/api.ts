import { primeConnection } from "@fruit/core/db/read-client";
import { handle } from "hono/aws-lambda";
import { app } from "../api/index.ts";

/** The API Lambda: a Function URL behind the router's `/api` route. */
export const handler = handle(app);

// During init: DynamoDB's connection is set up while the first request is still being prepared
// (docs/decisions/023-catalogue-cold-start.md).
primeConnection();
