import { toDollars } from "../money/pricing.ts";
import { isCancelled, isHeld, type OrderRecord } from "../orders/order.records.ts";
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
 * - final:     the final charge was recorded (`finalizedAt` appeared: picking/) and is less than what
 *   was paid — the final receipt (docs/decisions/041-final-charge.md);
 * - refunded:  a refund appeared in the order's completed refunds (one mail per refund);
 * - box-ready: a subscription's order was inserted (in place of `placed`: its lines, what changed
 *   and the link to pay; docs/decisions/051-standing-orders.md);
 * - box-reminder: `boxReminderAt` appeared on a subscription's order still unpaid (12 h before its
 *   cut-off). A subscription's order withdrawn by a skip before its hold ran out gets no `cancelled` mail.
 *
 * A change that is none of these (a payment started, a revision moved) calls for nothing, and so does
 * a redelivered record: the mail's key is the same, and its claim says it was already sent.
 */
export function mailsDue(before: OrderRecord | undefined, after: OrderRecord): DueMail[] {
  const due: DueMail[] = [];
  const add = (mail: MailName) => due.push({ mail, mailKey: mail });
  if (!before && !after.isPaid && !isCancelled(after)) add(after.subscription ? "box-ready" : "placed");
  if (after.boxReminderAt !== undefined && before?.boxReminderAt === undefined && isHeld(after))
    add("box-reminder");
  if (after.isPaid && !before?.isPaid) add("paid");
  if (after.isDelivered && !before?.isDelivered) add("delivered");
  const withdrawn =
    after.subscription !== undefined &&
    after.cancelledAt !== undefined &&
    after.holdUntil !== undefined &&
    after.cancelledAt < after.holdUntil;
  if (isCancelled(after) && !(before && isCancelled(before)) && !after.isPaid && !withdrawn) add("cancelled");
  if (
    after.finalizedAt !== undefined &&
    before?.finalizedAt === undefined &&
    after.finalTotalCents !== undefined &&
    after.finalTotalCents !== after.totalCents
  )
    add("final");
  // Each completed refund is listed on its order (docs/decisions/030-refunds.md): one mail per refund
  // the order has now and had not before, keyed by the refund's id so it is mailed once.
  const known = new Set((before?.refunds ?? []).map((refund) => refund.id));
  for (const refund of after.refunds ?? []) {
    if (known.has(refund.id)) continue;
    due.push({
      mail: "refunded",
      mailKey: refundMailKey(refund.id),
      refund: {
        _id: refund.id,
        amount: toDollars(refund.amountCents),
        reason: refund.reason,
        createdAt: refund.createdAt,
      },
    });
  }
  return due;
}

/** The mail key of one refund of an order. */
export const refundMailKey = (refundId: string): string => `refunded#${refundId}`;
