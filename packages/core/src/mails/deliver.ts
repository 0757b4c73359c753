import { nowDate } from "../clock.ts";
import { getConfig } from "../config.ts";
import type { Item } from "../db/kind.ts";
import { type OrderRecord, orderKind } from "../orders/order.records.ts";
import { userStore } from "../users/user.store.ts";
import type { MailRecord } from "./mail.records.ts";
import { mailStore } from "./mail.store.ts";
import { CLAIM_LEASE_MS, type Delivery, type MailSlot, sendOnce } from "./mail-claim.ts";
import type { MailSender } from "./ses.ts";
import {
  type MailContext,
  type RenderedMail,
  renderBoxReady,
  renderBoxReminder,
  renderCancelled,
  renderDelivered,
  renderFinal,
  renderPaid,
  renderPlaced,
  renderRefunded,
} from "./templates.ts";
import { type DueMail, mailsDue } from "./transitions.ts";

/**
 * Sends each mail an order's change calls for at most once, and retries one SES refused for now,
 * with a conditional "mail sent" item per transition (docs/decisions/031-order-mails-exactly-once.md),
 * through the one mail sender, mail-claim.ts `sendOnce`. A customer whose account was deleted is
 * nobody to send to: the mail is claimed `skipped`.
 */

export type { Delivery } from "./mail-claim.ts";
export { CLAIM_LEASE_MS } from "./mail-claim.ts";

export interface DeliverOptions {
  send: MailSender;
  now?: () => Date;
  /**
   * How long a `sending` claim may belong to a send still in progress (longer than the SES client's
   * timeouts); one found later is declared uncertain. Within it, the delivery waits for it to end.
   */
  claimLeaseMs?: number;
}

function render(order: OrderRecord, due: DueMail, context: MailContext): RenderedMail {
  switch (due.mail) {
    case "placed":
      return renderPlaced(order, context);
    case "box-ready":
      return renderBoxReady(order, context);
    case "box-reminder":
      return renderBoxReminder(order, context);
    case "paid":
      return renderPaid(order, context);
    case "delivered":
      return renderDelivered(order, context);
    case "cancelled":
      return renderCancelled(order, context);
    case "final":
      return renderFinal(order, context);
    case "refunded":
      if (!due.refund) throw new Error(`refund mail ${due.mailKey} without its refund`);
      return renderRefunded(order, due.refund, context);
  }
}

/** The claim of one due mail of an order, as `sendOnce` uses it (mail.store.ts, patterns 34-35). */
const orderMailSlot = (order: OrderRecord, due: DueMail): MailSlot<MailRecord> => ({
  what: "order mail",
  fields: { orderId: order.id, mail: due.mailKey },
  read: () => mailStore.get(order.id, due.mailKey),
  claim: (status, to, now) =>
    mailStore.claim(
      { orderId: order.id, mailKey: due.mailKey, mail: due.mail, to },
      status,
      now.toISOString(),
    ),
  settle: mailStore.settle,
});

/**
 * Delivers one due mail of `order` (its image after the change) exactly once; see the top of this
 * file. Throws only when storage fails before anything was sent (the stream then retries).
 */
export async function deliverOrderMail(
  order: OrderRecord,
  due: DueMail,
  given: DeliverOptions,
): Promise<Delivery> {
  let customer: { name: string; email: string } | undefined;
  return sendOnce(
    orderMailSlot(order, due),
    {
      recipient: async () => {
        customer = await userStore.get(order.userId);
        return customer?.email;
      },
      render: () =>
        render(order, due, { customerName: customer?.name ?? "", shopUrl: getConfig().mail.shopUrl }),
    },
    {
      now: nowDate,
      claimLeaseMs: CLAIM_LEASE_MS,
      isSuppressed: mailStore.isSuppressed,
      ...given,
    },
  );
}

/**
 * Mails the transitions of one change of a stored order — its item before (undefined on insert) and
 * after, as a stream record's images carry them — each exactly once. Answers true when the change
 * must be retried (SES refused one of its mails for now); items that are not orders call for
 * nothing. Throws when storage fails (the caller retries too).
 */
export async function mailOrderChange(
  keys: Item,
  before: Item | undefined,
  after: Item | undefined,
  options: DeliverOptions,
): Promise<boolean> {
  if (!after || !orderKind.holds(keys)) return false;
  const order = orderKind.decode(after);
  const previous = before ? orderKind.decode(before) : undefined;
  let retry = false;
  for (const due of mailsDue(previous, order))
    if ((await deliverOrderMail(order, due, options)) === "failed") retry = true;
  return retry;
}
