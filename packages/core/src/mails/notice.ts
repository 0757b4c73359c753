import { nowDate } from "../clock.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { getItem, putItem } from "../db/items.ts";
import { firstClaim, newClaim, takeOver, UNCERTAIN } from "../db/once.ts";
import { log } from "../log.ts";
import { CLAIM_LEASE_MS, type Delivery } from "./deliver.ts";
import { mailStore } from "./mail.store.ts";
import {
  afterLease,
  applySettle,
  type Outcome,
  settleAfterSend,
  settleFields,
  UNCERTAIN_ERROR,
} from "./mail-claim.ts";
import { type NoticeRecord, noticeKind } from "./notice.records.ts";
import { classifySendError, type MailSender, type OutgoingMail } from "./ses.ts";

/**
 * Notice mails — every mail that is not an order's (a contact message's admin mail, a newsletter
 * confirmation, "back in stock", "running low") — each sent at most once per key, through the one
 * exactly-once pattern (db/once.ts; docs/decisions/032-exactly-once.md), as order mails are
 * (mails/deliver.ts):
 *
 * 1. claim `NOTICE#<key>` (`firstClaim`, or `takeOver` of one SES refused for now: `failed`);
 * 2. ask SES once;
 * 3. settle under the claim (`heldBy(claim, "sending")`): sent, failed, rejected;
 * 4. a claim still `sending` past its lease (15 s, longer than the SES client's timeouts) belongs to
 *    a holder that died after asking SES: it is settled `uncertain` and never sent again.
 *
 * An address on the suppression list (bounces, complaints: mails/feedback.ts) is claimed
 * `suppressed` and not sent.
 */

export interface NoticeOptions {
  send: MailSender;
  now?: () => Date;
  claimLeaseMs?: number;
  /**
   * Waits for a send slot before the mail is claimed and sent (the restock fan-out's shared pace,
   * mails/pace.ts); called only when SES is about to be asked. None by default.
   */
  pace?: () => Promise<void>;
}

const get = async (key: string): Promise<NoticeRecord | undefined> =>
  noticeKind.decodeFound(await getItem(noticeKind.key(key)));

/** Claims the notice at `key` (see the top of this file); answers ours, or what the winner left. */
async function claim(
  key: string,
  to: string,
  status: "sending" | "suppressed",
  now: Date,
): Promise<{ claimed: NoticeRecord } | { taken: NoticeRecord }> {
  const previous = await get(key);
  if (previous && previous.status !== "failed") return { taken: previous };
  const record: NoticeRecord = {
    key,
    to,
    status,
    ...newClaim(now),
    attempts: (previous?.attempts ?? 0) + (status === "sending" ? 1 : 0),
    ...(previous?.error ? { error: previous.error } : {}),
    updatedAt: now.toISOString(),
  };
  try {
    await putItem(noticeKind.put(record, previous ? takeOver(previous, "failed") : firstClaim()));
    return { claimed: record };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const winner = await get(key);
    if (!winner) throw error;
    return { taken: winner };
  }
}

/** Records a claim's outcome under the claim; false when it is not held any more. */
const settleOnce = (held: NoticeRecord, outcome: Outcome, now: string): Promise<boolean> =>
  applySettle(noticeKind.update(noticeKind.key(held.key), settleFields(held, outcome, now)));

/** A claim found `sending`: wait out what is left of its lease, then declare it uncertain. */
async function settleAbandoned(found: NoticeRecord, options: Required<NoticeOptions>): Promise<Delivery> {
  const current = await afterLease(found, options.claimLeaseMs, options.now(), () => get(found.key));
  if (current?.status !== "sending") return "already";
  const error = UNCERTAIN_ERROR;
  await settleOnce(current, { status: UNCERTAIN, error }, options.now().toISOString());
  log("error", "notice mail uncertain", { key: current.key, error });
  return UNCERTAIN;
}

/**
 * Sends the mail `render()` makes, to `to`, at most once for `key` (see the top of this file).
 * `render` runs before the claim, so a template that throws leaves no claim behind. Throws only when
 * storage fails before anything was sent.
 */
export async function deliverNotice(
  key: string,
  to: string,
  render: () => Omit<OutgoingMail, "to">,
  given: NoticeOptions,
): Promise<Delivery> {
  const options: Required<NoticeOptions> = {
    now: nowDate,
    claimLeaseMs: CLAIM_LEASE_MS,
    pace: async () => {},
    ...given,
  };
  const existing = await get(key);
  if (existing?.status === "sending") return settleAbandoned(existing, options);
  if (existing && existing.status !== "failed") return "already";
  if (await mailStore.isSuppressed(to)) {
    const outcome = await claim(key, to, "suppressed", options.now());
    return "claimed" in outcome ? "suppressed" : "already";
  }
  const rendered = render();
  // Before the claim: its lease counts from the send, not from the wait for a slot.
  await options.pace();
  const outcome = await claim(key, to, "sending", options.now());
  if ("taken" in outcome)
    return outcome.taken.status === "sending" ? settleAbandoned(outcome.taken, options) : "already";
  const held = outcome.claimed;
  let answer: { messageId: string };
  try {
    answer = await options.send({ to, ...rendered });
  } catch (thrown) {
    const error = classifySendError(thrown);
    const status = error.outcome === "retry" ? "failed" : error.outcome;
    await settleAfterSend(() =>
      settleOnce(held, { status, error: error.message }, options.now().toISOString()),
    );
    log("error", `notice mail ${status}`, { key, error: error.message });
    return status;
  }
  await settleAfterSend(() =>
    settleOnce(held, { status: "sent", messageId: answer.messageId }, options.now().toISOString()),
  );
  log("info", "notice mail sent", { key, messageId: answer.messageId });
  return "sent";
}

/** Pattern 45: a notice mail as stored (tests, the admin's view of a key). */
export const noticeStore = { get };
