import { Hono } from "hono";

/** /api/users — filled in by its issue. */
export const userRoutes = new Hono();
