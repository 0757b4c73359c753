import { Hono } from "hono/quick";
import { stats } from "./lazy-core.ts";
import { type AuthEnv, requireAdmin } from "./middleware/auth.ts";

/**
 * /api/orders/summary — the admin dashboard's figures, read from the precomputed aggregates.
 * Mounted before the orders router so "summary" is never taken for an order id.
 */
export const statsRoutes = new Hono<AuthEnv>().get("/", requireAdmin, async (c) =>
  c.json(await stats.readSummary()),
);
