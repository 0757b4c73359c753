import { Hono } from "hono";

/** /api/orders — filled in by its issue. */
export const orderRoutes = new Hono();
