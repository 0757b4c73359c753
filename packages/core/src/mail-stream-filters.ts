import { EPISODE_PREFIX, EPISODE_SK } from "./alerts/alert.records.ts";
import {
  CONTACT_PREFIX,
  CONTACT_SK,
  NEWSLETTER_REQUEST_PREFIX,
  NEWSLETTER_REQUEST_SK,
} from "./contact/contact.records.ts";
import { orderKind } from "./orders/order.records.ts";
import { productKind } from "./products/product.records.ts";
import { OCCURRENCE_PREFIX, OCCURRENCE_SK } from "./subscriptions/subscription.records.ts";
import { userKind } from "./users/user.records.ts";

/**
 * The mail subscriber's stream filters, used by the cloud mapping (stacks/email.ts) and the local
 * poller (packages/local/src/local-shop.ts), so both deliver the same records:
 * - orders (`pk` prefix `ORDER#`, `sk = ORDER`), INSERT and MODIFY: the order mails;
 * - products (`PRODUCT#` / `PRODUCT`), every event: restock episodes, low stock, cleanup of a
 *   deleted product's alerts (docs/decisions/039-restock-alerts.md);
 * - restock episodes (`EPISODE#` / `EPISODE`), INSERT and MODIFY: each runs one batch of the fan-out;
 * - contact messages (`CONTACT#` / `MESSAGE`), newsletter requests (`NEWSLETTER_REQUEST#` /
 *   `REQUEST`) and subscription weeks (`OCCURRENCE#` / `OCCURRENCE`), INSERT: their one mail (a week
 *   that places no order: docs/decisions/051-standing-orders.md);
 * - users (`USER#` / `USER`), REMOVE: cleanup of a deleted user's alerts.
 * The mail items themselves (`sk = MAIL#…`, `NOTICE`) never pass: a mail's record cannot trigger a mail.
 */
const orders = orderKind.counted;
const products = productKind.counted;
const users = userKind.counted;
if (!orders || !products || !users) throw new Error("The order, product and user kinds are declared counted");

type EventName = "INSERT" | "MODIFY" | "REMOVE";
/**
 * Grouped into four filters (a mapping takes at most five): within one, any of its partition
 * prefixes with any of its sort keys — no item pairs one kind's prefix with another's sort key.
 */
const RULES: { events: EventName[]; prefixes: string[]; sks: string[] }[] = [
  {
    events: ["INSERT", "MODIFY"],
    prefixes: [orders.partitionPrefix, EPISODE_PREFIX],
    sks: [orders.sortKey, EPISODE_SK],
  },
  { events: ["INSERT", "MODIFY", "REMOVE"], prefixes: [products.partitionPrefix], sks: [products.sortKey] },
  {
    events: ["INSERT"],
    prefixes: [CONTACT_PREFIX, NEWSLETTER_REQUEST_PREFIX, OCCURRENCE_PREFIX],
    sks: [CONTACT_SK, NEWSLETTER_REQUEST_SK, OCCURRENCE_SK],
  },
  { events: ["REMOVE"], prefixes: [users.partitionPrefix], sks: [users.sortKey] },
];

export const mailStreamFilters = RULES.map((rule) => ({
  eventName: rule.events,
  dynamodb: {
    Keys: { pk: { S: rule.prefixes.map((prefix) => ({ prefix })) }, sk: { S: rule.sks } },
  },
}));

/** True when a stream record passes `mailStreamFilters` (the local poller's event filter). */
export function matchesMailStreamFilters(
  eventName: string | undefined,
  keys: Record<string, { S?: string } | undefined>,
): boolean {
  const pk = keys.pk?.S;
  const sk = keys.sk?.S;
  return RULES.some(
    (rule) =>
      rule.events.includes(eventName as EventName) &&
      pk !== undefined &&
      rule.prefixes.some((prefix) => pk.startsWith(prefix)) &&
      sk !== undefined &&
      rule.sks.includes(sk),
  );
}
