import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import type { Services } from "./services.ts";

/**
 * /api/orders/summary — the admin dashboard's figures, read from the precomputed aggregates.
 * Mounted before the orders router so "summary" is never taken for an order id.
 */
export function statsRoutes(services: Pick<Services, "caller" | "stats">) {
  const { requireAdmin } = auth(services.caller);
  const { stats } = services;
  return new Hono<AuthEnv>().get("/", requireAdmin, async (c) => c.json(await stats.readSummary()));
}
