import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import type { Services } from "./services.ts";

/**
 * /api/orders/summary — the admin dashboard's figures, read from the precomputed aggregates, and
 * its "Running low" list.
 * Mounted before the orders router so "summary" is never taken for an order id.
 */
export function statsRoutes(services: Pick<Services, "caller" | "stats" | "alerts">) {
  const { requireAdmin } = auth(services.caller);
  const { stats, alerts } = services;
  return new Hono<AuthEnv>().get("/", requireAdmin, async (c) => {
    // Both bounded reads: the aggregates, and the "Running low" list (core's alerts/index.ts).
    const [figures, lowStock] = await Promise.all([stats.readSummary(), alerts.lowStockList()]);
    return c.json({ ...figures, lowStock });
  });
}
