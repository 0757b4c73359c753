import { QuoteQuerySchema, ZonesSchema } from "@fruit/core/browser/zones";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { briefPublicCache } from "./middleware/cache.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/delivery/zones and /api/delivery/quote — delivery zones (docs/decisions/046-zones-and-tax-classes.md):
 * the administrator's zones, and the quote a shopper's cart asks for (public; 409 OUTSIDE_AREA).
 * Mounted beside deliveryRoutes under /api/delivery.
 */
export function zoneRoutes(services: Pick<Services, "caller" | "zones">) {
  const { requireAdmin } = auth(services.caller);
  const { zones } = services;
  return (
    new Hono<AuthEnv>()
      .get("/zones", requireAdmin, async (c) => c.json(await zones.readZones()))
      .put("/zones", requireAdmin, async (c) => c.json(await zones.setZones(await jsonBody(c, ZonesSchema))))
      // Public; the same place and basket get the same answer until the zones change.
      .get("/quote", ...briefPublicCache, async (c) =>
        c.json(await zones.quoteDelivery(parseWith(QuoteQuerySchema, c.req.query()))),
      )
  );
}
