import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { UNCERTAIN } from "../db/once.ts";

/**
 * The stored kinds of order mails (docs/data-model.md: Order mail and Suppressed address items,
 * patterns 34-37), each declared once (db/kind.ts).
 *
 * - order mail:          pk ORDER#<orderId>, sk MAIL#<mail>  (refunds: MAIL#refunded#<refundId>)
 *   One per transition of an order that is mailed: the conditional claim that makes every mail go
 *   out at most once (docs/decisions/031-order-mails-exactly-once.md). In the order's partition, so
 *   an order's mails are one Query, and no stream filter of the dashboard ever passes it.
 * - suppressed address:  pk SUPPRESSED#<lowercased email>, sk SUPPRESSED (bounces and complaints)
 */

const ORDER_PREFIX = "ORDER#";
const MAIL_PREFIX = "MAIL#";

/** The transitions of an order that are mailed to its customer. */
export const MAILS = [
  "placed",
  "paid",
  "delivered",
  "cancelled",
  "refunded",
  "final",
  "box-ready",
  "box-reminder",
] as const;
export type MailName = (typeof MAILS)[number];

/**
 * Where a mail is:
 * - `sending`: claimed; SES is being asked (or the process died while it was: see `uncertain`);
 * - `sent`: SES accepted it (`messageId`);
 * - `failed`: SES refused it for now (throttling, an outage, no connection): the stream retries it;
 * - `rejected`: SES refused it for good (an unverified address in the sandbox, a malformed address):
 *   not retried;
 * - `uncertain`: the request may have reached SES but no answer was recorded (a process that died
 *   after claiming, a timed-out request): never sent again automatically;
 * - `suppressed`: the address bounced or complained before: not sent;
 * - `skipped`: nobody to send to (the customer's account was deleted).
 */
export const MAIL_STATUSES = [
  "sending",
  "sent",
  "failed",
  "rejected",
  UNCERTAIN,
  "suppressed",
  "skipped",
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

const text = v.string();
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * What every mail's claim stores (order mails here, notice mails in notice.records.ts): where it
 * went, the claim (db/once.ts), and what SES said. Times are ISO strings.
 */
export const mailClaimEntries = {
  /** The address it went (or was to go) to; empty when skipped. */
  to: text,
  /** The current claim's random token: only its holder may record the outcome. */
  claim: text,
  /** When the current claim was taken. */
  claimedAt: text,
  /** Sends asked of SES so far (a `failed` one is claimed and asked again). */
  attempts: count,
  sentAt: v.optional(text),
  messageId: v.optional(text),
  /** The last refusal or doubt, for the admin screen and the logs. */
  error: v.optional(text),
  updatedAt: text,
};

/** An order mail as stored. */
export const MailRecordSchema = v.object({
  orderId: text,
  /** The mail's key within the order: its name, and for a refund `refunded#<refundId>`. */
  mailKey: text,
  mail: v.picklist(MAILS),
  status: v.picklist(MAIL_STATUSES),
  ...mailClaimEntries,
});
export type MailRecord = v.InferOutput<typeof MailRecordSchema>;

export const mailKind = defineKind({
  name: "order mail",
  schema: MailRecordSchema,
  key: (orderId: string, mailKey: string) => ({
    pk: `${ORDER_PREFIX}${orderId}`,
    sk: `${MAIL_PREFIX}${mailKey}`,
  }),
  keys: (mail) => ({ pk: `${ORDER_PREFIX}${mail.orderId}`, sk: `${MAIL_PREFIX}${mail.mailKey}` }),
});

/** Why an address is not mailed any more. */
export const SUPPRESSION_REASONS = ["bounce", "complaint"] as const;

/** An address that bounced for good or complained (pattern 37): the shop mails it no more. */
export const suppressedKind = defineKind({
  name: "suppressed address",
  schema: v.object({
    email: text,
    reason: v.picklist(SUPPRESSION_REASONS),
    /** SES's own words (bounce type and subtype, complaint type). */
    detail: text,
    at: text,
  }),
  key: (email: string) => ({ pk: `SUPPRESSED#${email.trim().toLowerCase()}`, sk: "SUPPRESSED" }),
  keys: (item) => ({ pk: `SUPPRESSED#${item.email.trim().toLowerCase()}`, sk: "SUPPRESSED" }),
});

/** The access patterns of mails by name (docs/data-model.md numbers them). */
export const mailPatterns = {
  /** Pattern 36: an order's mails, in key order. */
  ofOrder: (orderId: string) => inPartition({ pk: `${ORDER_PREFIX}${orderId}`, skBeginsWith: MAIL_PREFIX }),
};
