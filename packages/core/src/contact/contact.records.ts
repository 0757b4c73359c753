import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { LOCALES } from "../i18n/locale.ts";

/**
 * The stored kinds of the contact form and the newsletter (docs/data-model.md: Contact message,
 * Newsletter request, Newsletter subscriber and Rate window items; patterns 46-50).
 *
 * - contact message:      pk CONTACT#<id>, sk MESSAGE; gsi1 CONTACT_MESSAGES / <id>  (ULID: newest first descending)
 * - newsletter request:   pk NEWSLETTER_REQUEST#<id>, sk REQUEST  (TTL a week; its INSERT mails the confirmation)
 * - newsletter subscriber: pk NEWSLETTER#<email>, sk SUBSCRIBER; gsi1 NEWSLETTER / <confirmedAt>#<email>
 * - rate window:          pk RATE#<what>#<who>, sk RATE  (TTL: an hour after the window opened)
 *
 * The mail subscriber's filters pass the INSERT records of contact messages and newsletter requests
 * (mail-stream-filters.ts): each is mailed once through a notice mail (mails/notice.ts).
 */

export const CONTACT_PREFIX = "CONTACT#";
export const CONTACT_SK = "MESSAGE";
export const NEWSLETTER_REQUEST_PREFIX = "NEWSLETTER_REQUEST#";
export const NEWSLETTER_REQUEST_SK = "REQUEST";
const MESSAGES_PARTITION = "CONTACT_MESSAGES";
const SUBSCRIBERS_PARTITION = "NEWSLETTER";

const text = v.string();

export const ContactRecordSchema = v.object({
  id: text,
  name: text,
  email: text,
  phone: v.optional(text),
  subject: text,
  message: text,
  createdAt: text,
});
export type ContactRecord = v.InferOutput<typeof ContactRecordSchema>;

export const contactKind = defineKind({
  name: "contact message",
  schema: ContactRecordSchema,
  key: (id: string) => ({ pk: `${CONTACT_PREFIX}${id}`, sk: CONTACT_SK }),
  keys: (message) => ({
    pk: `${CONTACT_PREFIX}${message.id}`,
    sk: CONTACT_SK,
    gsi1pk: MESSAGES_PARTITION,
    gsi1sk: message.id,
  }),
});

export const NewsletterRequestSchema = v.object({
  id: text,
  email: text,
  /** The language of its confirmation mail (docs/decisions/050-i18n-formatjs.md); absent: English. */
  locale: v.optional(v.picklist(LOCALES)),
  createdAt: text,
  expiresAt: v.number(),
});
export type NewsletterRequest = v.InferOutput<typeof NewsletterRequestSchema>;

export const newsletterRequestKind = defineKind({
  name: "newsletter request",
  schema: NewsletterRequestSchema,
  key: (id: string) => ({ pk: `${NEWSLETTER_REQUEST_PREFIX}${id}`, sk: NEWSLETTER_REQUEST_SK }),
  keys: (request) => ({ pk: `${NEWSLETTER_REQUEST_PREFIX}${request.id}`, sk: NEWSLETTER_REQUEST_SK }),
});

export const SubscriberSchema = v.object({
  email: text,
  confirmedAt: text,
  /** The language of the newsletters it gets (decision 050); absent: English. */
  locale: v.optional(v.picklist(LOCALES)),
});
export type SubscriberRecord = v.InferOutput<typeof SubscriberSchema>;

export const subscriberKind = defineKind({
  name: "newsletter subscriber",
  schema: SubscriberSchema,
  key: (email: string) => ({ pk: `NEWSLETTER#${email}`, sk: "SUBSCRIBER" }),
  keys: (subscriber) => ({
    pk: `NEWSLETTER#${subscriber.email}`,
    sk: "SUBSCRIBER",
    gsi1pk: SUBSCRIBERS_PARTITION,
    gsi1sk: `${subscriber.confirmedAt}#${subscriber.email}`,
  }),
});

/** A rate window: how many were accepted since `windowStart` (epoch seconds). */
export const rateWindowKind = defineKind({
  name: "rate window",
  schema: v.object({ windowStart: v.number(), count: v.number(), expiresAt: v.number() }),
  key: (what: string, who: string) => ({ pk: `RATE#${what}#${who}`, sk: "RATE" }),
});

export const contactPatterns = {
  /** Pattern 47: the contact messages, newest first. */
  messages: () => inPartition({ pk: MESSAGES_PARTITION, index: "gsi1", descending: true }),
  /** Pattern 49: the confirmed subscribers, newest first. */
  subscribers: () => inPartition({ pk: SUBSCRIBERS_PARTITION, index: "gsi1", descending: true }),
};
