import * as v from "valibot";
import { defineKind } from "../db/kind.ts";

/**
 * The stored kind of payments (docs/data-model.md: PayPal webhook event, pattern 33): a webhook
 * event applied once, by PayPal's event id, kept while PayPal may still redeliver it.
 *
 * - webhook event: pk PAYPAL_EVENT#<event id>, sk PAYPAL_EVENT → eventType, appliedAt (TTL expiresAt)
 */
export const webhookEventKind = defineKind({
  name: "paypal webhook event",
  schema: v.object({
    eventType: v.string(),
    appliedAt: v.string(),
    expiresAt: v.pipe(v.number(), v.integer()),
  }),
  key: (eventId: string) => ({ pk: `PAYPAL_EVENT#${eventId}`, sk: "PAYPAL_EVENT" }),
});
