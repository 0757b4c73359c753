import { isCancelled, type OrderRecord } from "../orders/order.records.ts";
import type { MailName } from "./mail.records.ts";
import type { RefundForMail } from "./templates.ts";

/** One mail an order's change calls for: which, under which key within the order, and its refund. */
export interface DueMail {
  mail: MailName;
  /** Unique per order and transition: the mail's name, and `refunded#<refundId>` for a refund. */
  mailKey: string;
  refund?: RefundForMail;
}

/**
 * The mails one change of an order calls for, from its images before and after (a stream record's
 * old and new image; `before` is undefined for the INSERT of a placed order). Pure.
 *
 * - placed:    the order was inserted, unpaid and not cancelled (it holds its stock until `holdUntil`);
 * - paid:      `isPaid` became true;
 * - delivered: `isDelivered` became true;
 * - cancelled: `cancelledAt` appeared on an unpaid order (the sweep's cancellation for non-payment,
 *   packages/core/src/expiry/index.ts);
 * - refunded:  see REFUNDS below.
 *
 * A change that is none of these (a payment started, a revision moved) calls for nothing, and so does
 * a redelivered record: the mail's key is the same, and its claim says it was already sent.
 */
export function mailsDue(before: OrderRecord | undefined, after: OrderRecord): DueMail[] {
  const due: DueMail[] = [];
  const add = (mail: MailName) => due.push({ mail, mailKey: mail });
  if (!before && !after.isPaid && !isCancelled(after)) add("placed");
  if (after.isPaid && !before?.isPaid) add("paid");
  if (after.isDelivered && !before?.isDelivered) add("delivered");
  if (isCancelled(after) && !(before && isCancelled(before)) && !after.isPaid) add("cancelled");
  // REFUNDS: the refund mail is one more transition, keyed `refunded#<refundId>` so each refund of an
  // order is mailed once. Refund records do not exist on this branch yet; once they do, read the
  // refunds that `after` has and `before` had not here and push, for each,
  //   { mail: "refunded", mailKey: refundMailKey(refund._id), refund: { _id, amount, reason, createdAt } }
  // (amount in dollars). If refunds are stored as items of their own rather than on the order, their
  // INSERT records are the transition instead: add their key shape to `mailStreamFilters`
  // (mails/stream-filters.ts) and route them here. The template (templates.ts renderRefunded) and the
  // delivery (deliver.ts) already handle `refunded`.
  return due;
}

/** The mail key of one refund of an order. */
export const refundMailKey = (refundId: string): string => `refunded#${refundId}`;
