import { Hono } from "hono";

/** /api/orders/summary — filled in by the dashboard-aggregates issue (mounted before /orders/:id). */
export const statsRoutes = new Hono();
