import { orderOrNotFound } from "../orders/index.ts";
import type { MailRecord } from "./mail.records.ts";
import type { OrderMail } from "./mail.schema.ts";
import { mailStore } from "./mail.store.ts";

/**
 * Order mails as the API serves them. Only reads: no SES, no templates (those are the mail
 * subscriber's, mails/deliver.ts), so the API's route family stays small.
 */

const toOrderMail = (record: MailRecord): OrderMail => ({
  mail: record.mail,
  key: record.mailKey,
  status: record.status,
  to: record.to,
  sentAt: record.sentAt ?? null,
  updatedAt: record.updatedAt,
  attempts: record.attempts,
  error: record.error ?? null,
});

/**
 * GET /api/orders/{id}/mails (administrators; the route checks): the mails of an order, oldest
 * claim first; 404 for an order that does not exist.
 */
export async function listOrderMails(orderId: string): Promise<OrderMail[]> {
  await orderOrNotFound(orderId);
  const mails = await mailStore.ofOrder(orderId);
  return mails.sort((a, b) => a.claimedAt.localeCompare(b.claimedAt)).map(toOrderMail);
}
