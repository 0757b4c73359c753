import {
  NewSubscriptionSchema,
  SkipDateSchema,
  SkipSchema,
  SubscriptionChangeSchema,
  SubscriptionListQuerySchema,
} from "@fruit/core/browser/subscriptions";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { pageAnswer } from "./paging.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/subscriptions — standing weekly orders (docs/decisions/051-standing-orders.md): the caller's
 * own, created, read, changed, skipped a week at a time and cancelled; the admin's list. `/mine` is
 * registered before `/:id`.
 */
export function subscriptionRoutes(services: Pick<Services, "caller" | "subscriptions">) {
  const { requireUser, requireAdmin } = auth(services.caller);
  const { subscriptions } = services;
  return new Hono<AuthEnv>()
    .post("/", requireUser, async (c) =>
      c.json(
        await subscriptions.createSubscription(c.var.caller, await jsonBody(c, NewSubscriptionSchema)),
        201,
      ),
    )
    .get("/", requireAdmin, async (c) =>
      pageAnswer(
        c,
        await subscriptions.listSubscriptions(parseWith(SubscriptionListQuerySchema, c.req.query())),
      ),
    )
    .get("/mine", requireUser, async (c) =>
      pageAnswer(
        c,
        await subscriptions.listMySubscriptions(
          c.var.caller,
          parseWith(SubscriptionListQuerySchema, c.req.query()),
        ),
      ),
    )
    .get("/:id", requireUser, async (c) =>
      c.json(await subscriptions.subscriptionForCaller(c.var.caller, c.req.param("id"))),
    )
    .put("/:id", requireUser, async (c) =>
      c.json(
        await subscriptions.changeSubscription(
          c.var.caller,
          c.req.param("id"),
          await jsonBody(c, SubscriptionChangeSchema),
        ),
      ),
    )
    .delete("/:id", requireUser, async (c) =>
      c.json(await subscriptions.cancelSubscription(c.var.caller, c.req.param("id"))),
    )
    .post("/:id/skips", requireUser, async (c) => {
      const { date } = await jsonBody(c, SkipSchema);
      return c.json(await subscriptions.skipWeek(c.var.caller, c.req.param("id"), date), 201);
    })
    .delete("/:id/skips/:date", requireUser, async (c) => {
      const date = parseWith(SkipDateSchema, c.req.param("date"));
      return c.json(await subscriptions.unskipWeek(c.var.caller, c.req.param("id"), date));
    });
}
