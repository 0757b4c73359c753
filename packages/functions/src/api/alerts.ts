import { LinkTokenSchema } from "@fruit/core/browser/contact";
import { LocaleBodySchema } from "@fruit/core/browser/i18n";
import { Hono } from "hono/quick";
import { callerLocale } from "./locale.ts";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import type { Services } from "./services.ts";
import { jsonBody } from "./validate.ts";

/**
 * /api/products/{id}/restock-alerts — a signed-in shopper's "tell me when it's back" for one
 * product: GET, POST (ask) and DELETE (withdraw) all answer `{ subscribed }` (and `waiting` to
 * administrators). Mounted before the products router.
 */
export function restockAlertRoutes(services: Pick<Services, "caller" | "alerts">) {
  const { requireUser } = auth(services.caller);
  const { alerts } = services;
  return new Hono<AuthEnv>()
    .get("/:id/restock-alerts", requireUser, async (c) =>
      c.json(await alerts.restockAlertState(c.var.caller, c.req.param("id"))),
    )
    .post("/:id/restock-alerts", requireUser, async (c) => {
      // The body is optional (`{ locale }`): the original client posts none.
      const sent = c.req.header("content-type")?.includes("json") ? await jsonBody(c, LocaleBodySchema) : {};
      return c.json(
        await alerts.subscribeRestock(c.var.caller, c.req.param("id"), callerLocale(c, sent.locale)),
      );
    })
    .delete("/:id/restock-alerts", requireUser, async (c) =>
      c.json(await alerts.unsubscribeRestock(c.var.caller, c.req.param("id"))),
    );
}

/** /api/restock-alerts/unsubscribe `{ token }` — the mails' one-click link (no sign-in: the token decides). */
export function restockLinkRoutes(services: Pick<Services, "alerts">) {
  const { alerts } = services;
  return new Hono<AuthEnv>().post("/unsubscribe", async (c) =>
    c.json(await alerts.unsubscribeRestockByLink((await jsonBody(c, LinkTokenSchema)).token)),
  );
}
