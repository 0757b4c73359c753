import { getItem, putItem } from "../db/items.ts";
import { claimOnce, settleOnce } from "../db/once.ts";
import { queryAll } from "../db/query.ts";
import {
  type MailName,
  type MailRecord,
  mailKind,
  mailPatterns,
  type SUPPRESSION_REASONS,
  suppressedKind,
} from "./mail.records.ts";
import { type ClaimStatus, mailClaim, type Outcome, settleFields } from "./mail-claim.ts";

export type { MailName, MailRecord, MailStatus } from "./mail.records.ts";

/**
 * Storage of order mails and suppressed addresses (docs/data-model.md patterns 34-37): every
 * command of theirs lives here; mails/deliver.ts holds the exactly-once rules
 * (docs/decisions/031-order-mails-exactly-once.md).
 */

/** What a claim answers: ours to send, or the mail as someone already left it. */
export type ClaimOutcome = { claimed: MailRecord } | { taken: MailRecord };

/** Pattern 34: an order's mail, strongly consistent. */
const get = async (orderId: string, mailKey: string): Promise<MailRecord | undefined> =>
  mailKind.decodeFound(await getItem(mailKind.key(orderId, mailKey)));

/**
 * Pattern 34: claims a mail — a Put conditioned on no mail at its key, or one that SES refused for
 * now (`failed`), whose attempts it carries on (db/once.ts `claimOnce`, mail-claim.ts `mailClaim`).
 * `status` is `sending` for a mail about to be sent, or the final `suppressed` / `skipped` of one that
 * is not. Whoever loses the race reads what the winner left.
 */
async function claim(
  mail: { orderId: string; mailKey: string; mail: MailName; to: string },
  status: ClaimStatus,
  now: string,
): Promise<ClaimOutcome> {
  const outcome = await claimOnce(
    () => get(mail.orderId, mail.mailKey),
    mailClaim(status, new Date(now), (fields): MailRecord => ({ ...mail, ...fields }), mailKind.put),
  );
  if ("claimed" in outcome) return outcome;
  if (outcome.taken) return { taken: outcome.taken };
  throw new Error(`order mail ${mail.orderId} / ${mail.mailKey}: claimed by another, then gone`);
}

/**
 * Pattern 35: records a claim's outcome, conditioned on the claim still being `sending` under this
 * token; false when it is not (someone declared it uncertain meanwhile).
 */
const settle = (held: MailRecord, outcome: Outcome, now: string): Promise<boolean> =>
  settleOnce(mailKind.update(mailKind.key(held.orderId, held.mailKey), settleFields(held, outcome, now)));

/** Pattern 36: every mail of an order (bounded: one per transition, and per refund). */
async function ofOrder(orderId: string): Promise<MailRecord[]> {
  const items = await queryAll({ ...mailPatterns.ofOrder(orderId), ConsistentRead: true });
  return items.map((item) => mailKind.decode(item));
}

/** Pattern 37: is this address suppressed? */
async function isSuppressed(email: string): Promise<boolean> {
  return (await getItem(suppressedKind.key(email))) !== undefined;
}

/** Pattern 37: suppresses an address (a later event for it only refreshes the reason). */
async function suppress(entry: {
  email: string;
  reason: (typeof SUPPRESSION_REASONS)[number];
  detail: string;
  at: string;
}): Promise<void> {
  await putItem(suppressedKind.put({ ...entry, email: entry.email.trim().toLowerCase() }));
}

export const mailStore = { get, claim, settle, ofOrder, isSuppressed, suppress };
