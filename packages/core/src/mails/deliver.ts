import { nowDate } from "../clock.ts";
import { getConfig } from "../config.ts";
import type { Item } from "../db/kind.ts";
import { UNCERTAIN } from "../db/once.ts";
import { log as writeLog } from "../log.ts";
import { type OrderRecord, orderKind } from "../orders/order.records.ts";
import { userStore } from "../users/user.store.ts";
import type { MailRecord } from "./mail.records.ts";
import { mailStore } from "./mail.store.ts";
import { afterLease, type Outcome, settleAfterSend, UNCERTAIN_ERROR } from "./mail-claim.ts";
import { classifySendError, type MailSender } from "./ses.ts";
import {
  type MailContext,
  type RenderedMail,
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
 * with a conditional "mail sent" item per transition (docs/decisions/031-order-mails-exactly-once.md).
 *
 * 1. A mail already claimed — sent, suppressed, skipped, rejected or uncertain — is not sent again:
 *    that is what makes duplicated, redelivered and bisected batches harmless.
 * 2. Otherwise the mail is claimed (`sending`, a conditional Put; a `failed` one may be claimed
 *    again), SES is asked once, and the outcome is recorded under the claim.
 * 3. A claim still `sending` when the mail comes round again is one whose process died (or timed
 *    out) between claiming and recording: SES may have accepted it. It is marked `uncertain` and not
 *    sent again (a second receipt is worse than none that an admin can see is in doubt).
 */

/** What became of one due mail. `failed` asks the stream to retry its record. */
export type Delivery = "sent" | "already" | "suppressed" | "skipped" | "failed" | "rejected" | "uncertain";

export interface DeliverOptions {
  send: MailSender;
  now?: () => Date;
  /**
   * How long a `sending` claim may belong to a send still in progress (longer than the SES client's
   * timeouts); one found later is declared uncertain. Within it, the delivery waits for it to end.
   */
  claimLeaseMs?: number;
}

/** Longer than the SES client's connection + request timeouts (mails/ses.ts: 3 s + 10 s). */
export const CLAIM_LEASE_MS = 15_000;

function render(order: OrderRecord, due: DueMail, context: MailContext): RenderedMail {
  switch (due.mail) {
    case "placed":
      return renderPlaced(order, context);
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

function log(level: "info" | "error", message: string, fields: Record<string, unknown>): void {
  writeLog(level, message, fields);
}

/** A claim found `sending`: wait out its lease, then declare it uncertain if it is still there. */
async function settleAbandoned(found: MailRecord, options: Required<DeliverOptions>): Promise<Delivery> {
  const current = await afterLease(found, options.claimLeaseMs, options.now(), () =>
    mailStore.get(found.orderId, found.mailKey),
  );
  if (current?.status !== "sending") return "already";
  const error = UNCERTAIN_ERROR;
  await mailStore.settle(current, { status: UNCERTAIN, error }, options.now().toISOString());
  log("error", "order mail uncertain", { orderId: current.orderId, mail: current.mailKey, error });
  return "uncertain";
}

/** Records a claim's outcome, retrying storage outages: the send itself must not be repeated. */
const settle = (held: MailRecord, outcome: Outcome, now: () => Date): Promise<void> =>
  settleAfterSend(() => mailStore.settle(held, outcome, now().toISOString()));

/**
 * Delivers one due mail of `order` (its image after the change) exactly once; see the top of this
 * file. Throws only when storage fails before anything was sent (the stream then retries).
 */
export async function deliverOrderMail(
  order: OrderRecord,
  due: DueMail,
  given: DeliverOptions,
): Promise<Delivery> {
  const options: Required<DeliverOptions> = {
    now: nowDate,
    claimLeaseMs: CLAIM_LEASE_MS,
    ...given,
  };
  const existing = await mailStore.get(order.id, due.mailKey);
  if (existing?.status === "sending") return settleAbandoned(existing, options);
  if (existing && existing.status !== "failed") return "already";

  const customer = await userStore.get(order.userId);
  const base = { orderId: order.id, mailKey: due.mailKey, mail: due.mail };
  const now = options.now().toISOString();
  if (!customer) {
    const outcome = await mailStore.claim({ ...base, to: "" }, "skipped", now);
    return "claimed" in outcome ? "skipped" : "already";
  }
  if (await mailStore.isSuppressed(customer.email)) {
    const outcome = await mailStore.claim({ ...base, to: customer.email }, "suppressed", now);
    return "claimed" in outcome ? "suppressed" : "already";
  }

  // Rendered before the claim: a template that throws must not leave a claim behind.
  const rendered = render(order, due, { customerName: customer.name, shopUrl: getConfig().mail.shopUrl });
  const outcome = await mailStore.claim({ ...base, to: customer.email }, "sending", now);
  if ("taken" in outcome) {
    return outcome.taken.status === "sending" ? settleAbandoned(outcome.taken, options) : "already";
  }
  const held = outcome.claimed;
  let answer: { messageId: string };
  try {
    answer = await options.send({ to: customer.email, ...rendered });
  } catch (thrown) {
    const error = classifySendError(thrown);
    const status = error.outcome === "retry" ? "failed" : error.outcome;
    await settle(held, { status, error: error.message }, options.now);
    log("error", `order mail ${status}`, {
      orderId: order.id,
      mail: due.mailKey,
      attempt: held.attempts,
      error: error.message,
    });
    return status;
  }
  await settle(held, { status: "sent", messageId: answer.messageId }, options.now);
  log("info", "order mail sent", { orderId: order.id, mail: due.mailKey, messageId: answer.messageId });
  return "sent";
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
