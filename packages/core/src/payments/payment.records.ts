import * as v from "valibot";
import { defineKind } from "../db/kind.ts";

/**
 * The stored kind of payments (docs/data-model.md: PayPal webhook event, pattern 33): a webhook
 * event applied once, by PayPal's event id, kept while PayPal may still redeliver it. It is the claim
 * of db/once.ts: `applying` while a delivery applies it (under its claim token), `applied` once
 * settled. Items stored before claims carry no status and were applied.
 *
 * - webhook event: pk PAYPAL_EVENT#<event id>, sk PAYPAL_EVENT → eventType, status, claim, appliedAt (TTL expiresAt)
 */
export const webhookEventKind = defineKind({
  name: "paypal webhook event",
  schema: v.object({
    eventType: v.string(),
    status: v.optional(v.picklist(["applying", "applied"])),
    claim: v.optional(v.string()),
    claimedAt: v.optional(v.string()),
    appliedAt: v.optional(v.string()),
    expiresAt: v.pipe(v.number(), v.integer()),
  }),
  key: (eventId: string) => ({ pk: `PAYPAL_EVENT#${eventId}`, sk: "PAYPAL_EVENT" }),
});
