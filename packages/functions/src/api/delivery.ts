import {
  MoveOrderSchema,
  NewSlotSchema,
  RulesSchema,
  SlotChangeSchema,
  SlotsQuerySchema,
} from "@fruit/core/browser/delivery";
import { ForecastQuerySchema } from "@fruit/core/browser/subscriptions";
import { PlaceQuerySchema, placeOf } from "@fruit/core/browser/zones";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { briefPublicCache } from "./middleware/cache.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/delivery — delivery days (docs/product.md §10, docs/decisions/040-delivery-windows.md): the
 * administrator's rules and windows, the windows shoppers may book (public), a window's pick list,
 * the two-week calendar and moving an order between windows. Booking itself is part of
 * `POST /api/orders` (`deliverySlotId`).
 */
export function deliveryRoutes(services: Pick<Services, "caller" | "delivery" | "subscriptions">) {
  const { requireAdmin } = auth(services.caller);
  const { delivery, subscriptions } = services;
  return (
    new Hono<AuthEnv>()
      .get("/rules", requireAdmin, async (c) => c.json(await delivery.readRules()))
      .put("/rules", requireAdmin, async (c) =>
        c.json(await delivery.setRules(await jsonBody(c, RulesSchema))),
      )
      // Public and cacheable for a few seconds: seats left change with every order.
      .get("/slots", ...briefPublicCache, async (c) => {
        const query = c.req.query();
        const { days } = parseWith(SlotsQuerySchema, query);
        const place = placeOf(parseWith(PlaceQuerySchema, query));
        return c.json(await delivery.listOpenSlots(days, place));
      })
      .post("/slots", requireAdmin, async (c) =>
        c.json(await delivery.addSlot(await jsonBody(c, NewSlotSchema)), 201),
      )
      .put("/slots/:id", requireAdmin, async (c) =>
        c.json(await delivery.changeSlot(c.req.param("id"), await jsonBody(c, SlotChangeSchema))),
      )
      .get("/slots/:id/picklist", requireAdmin, async (c) =>
        c.json(await delivery.pickList(c.req.param("id"))),
      )
      .get("/calendar", requireAdmin, async (c) => {
        const { days } = parseWith(SlotsQuerySchema, c.req.query());
        return c.json(await delivery.calendar(days));
      })
      // The dashboard's booked orders per delivery day (stream-kept, docs/decisions/040-delivery-windows.md).
      .get("/days", requireAdmin, async (c) => {
        const { days } = parseWith(SlotsQuerySchema, c.req.query());
        return c.json(await delivery.bookedDays(days));
      })
      // The harvest forecast: placed orders and subscriptions not yet opened, per window date.
      .get("/forecast", requireAdmin, async (c) => {
        const { weeks } = parseWith(ForecastQuerySchema, c.req.query());
        // The subscriptions' room answers it (docs/decisions/051-standing-orders.md).
        return c.json(await subscriptions.deliveryForecast(weeks));
      })
      .put("/orders/:id", requireAdmin, async (c) => {
        const { deliverySlotId } = await jsonBody(c, MoveOrderSchema);
        return c.json(await delivery.moveOrder(c.var.caller, c.req.param("id"), deliverySlotId));
      })
  );
}
