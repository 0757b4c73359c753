import { Hono } from "hono";

/** /api/keys — filled in by its issue. */
export const keyRoutes = new Hono();
