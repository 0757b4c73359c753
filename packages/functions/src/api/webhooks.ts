import { Hono } from "hono/quick";
import type { Services } from "./services.ts";

/**
 * /api/webhooks — PayPal's deliveries (no session: PayPal itself verifies each one, core's
 * payments/webhooks.ts). The body is handed on exactly as received; the answer is 200 once the event
 * is applied or known, so PayPal stops redelivering it.
 */
export function webhookRoutes(services: Pick<Services, "payments">) {
  return new Hono().post("/paypal", async (c) => {
    const raw = await c.req.text();
    const outcome = await services.payments.receivePaypalWebhook((name) => c.req.header(name), raw);
    return c.json({ received: true, outcome });
  });
}
