import { getItem } from "../db/items.ts";
import { claimOnce, settleOnce } from "../db/once.ts";
import { mailStore } from "./mail.store.ts";
import {
  CLAIM_LEASE_MS,
  type Delivery,
  type MailSlot,
  mailClaim,
  sendOnce,
  settleFields,
} from "./mail-claim.ts";
import { type NoticeRecord, noticeKind } from "./notice.records.ts";
import type { MailSender, OutgoingMail } from "./ses.ts";

/**
 * Notice mails — every mail that is not an order's (a contact message's admin mail, a newsletter
 * confirmation, "back in stock", "running low") — each sent at most once per key, through the one
 * exactly-once pattern (db/once.ts; docs/decisions/032-exactly-once.md) and the one mail sender
 * order mails use too (mail-claim.ts `sendOnce`):
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

/** The claim of the notice at `key`, as `sendOnce` uses it (pattern 45). */
const noticeSlot = (key: string): MailSlot<NoticeRecord> => ({
  what: "notice mail",
  fields: { key },
  read: () => get(key),
  claim: (status, to, now) => {
    // A notice always has its address (`recipient` below), so it is never claimed `skipped`.
    if (status === "skipped") throw new Error(`notice mail ${key}: a notice is never skipped`);
    return claimOnce(
      () => get(key),
      mailClaim(status, now, (fields): NoticeRecord => ({ key, to, ...fields }), noticeKind.put),
    );
  },
  settle: (held, outcome, now) =>
    settleOnce(noticeKind.update(noticeKind.key(held.key), settleFields(held, outcome, now))),
});

/**
 * Sends the mail `render()` makes, to `to`, at most once for `key` (see the top of this file).
 * `render` runs before the claim, so a template that throws leaves no claim behind. Throws only when
 * storage fails before anything was sent.
 */
export const deliverNotice = (
  key: string,
  to: string,
  render: () => Omit<OutgoingMail, "to">,
  given: NoticeOptions,
): Promise<Delivery> =>
  sendOnce(
    noticeSlot(key),
    { recipient: async () => to, render },
    { now: () => new Date(), claimLeaseMs: CLAIM_LEASE_MS, isSuppressed: mailStore.isSuppressed, ...given },
  );

/** Pattern 45: a notice mail as stored (tests, the admin's view of a key). */
export const noticeStore = { get };
