import type { Expressions, PutAction } from "../db/kind.ts";
import {
  afterLease,
  alsoRequire,
  type Claimed,
  firstClaim,
  heldBy,
  newClaim,
  settleAfterAct,
  takeOver,
  UNCERTAIN,
} from "../db/once.ts";
import { log } from "../log.ts";
import { classifySendError, type MailSender, type OutgoingMail } from "./ses.ts";

/**
 * The one mail sender of core, shared by order mails (mail.store.ts, deliver.ts) and notice mails
 * (notice.ts): each claims its mail with db/once.ts, asks SES once, then records what SES said under
 * the claim — or, finding a claim whose holder died, declares it uncertain (docs/decisions/031, 032).
 */

/** What became of one mail. `failed` asks the caller to retry (SES refused it for now). */
export type Delivery = "sent" | "already" | "suppressed" | "skipped" | "failed" | "rejected" | "uncertain";

/** Longer than the SES client's connection + request timeouts (mails/ses.ts: 3 s + 10 s). */
export const CLAIM_LEASE_MS = 15_000;

/** The outcome a claim holder records. */
export type Outcome =
  | { status: "sent"; messageId: string }
  | { status: "failed" | "rejected" | typeof UNCERTAIN; error: string };

/** Why a claim found `sending` past its lease is settled uncertain, and never sent again. */
export const UNCERTAIN_ERROR =
  "the process sending it stopped before recording SES's answer: SES may or may not have accepted it; not sent again";

/** What every mail's claim stores (mail.records.ts `mailClaimEntries`), with its status. */
export interface MailClaim {
  status: string;
  to: string;
  claim: string;
  claimedAt: string;
  attempts: number;
  error?: string | undefined;
}

/** The status a claim is written in: `sending` before SES is asked, or a final one that sends nothing. */
export type ClaimStatus = "sending" | "suppressed" | "skipped";

/** The claim's own fields of a mail record (mail.records.ts `mailClaimEntries`, less the address). */
export interface ClaimFields<S extends ClaimStatus> {
  status: S;
  claim: string;
  claimedAt: string;
  attempts: number;
  error?: string;
  updatedAt: string;
}

/**
 * The claim step of a mail (db/once.ts `claimOnce`'s `decide`): a mail already claimed is taken,
 * unless SES refused it for now (`failed`), whose attempts and last error the new claim carries on.
 * `build` makes the kind's record of the claim's fields; `put` its conditional put.
 */
export function mailClaim<R extends MailClaim, S extends ClaimStatus>(
  status: S,
  now: Date,
  build: (fields: ClaimFields<S>) => R,
  put: (record: R, condition: Expressions) => PutAction,
) {
  return (previous: R | undefined): { taken: R } | { write: PutAction; record: R } => {
    if (previous && previous.status !== "failed") return { taken: previous };
    const record = build({
      status,
      ...newClaim(now),
      attempts: (previous?.attempts ?? 0) + (status === "sending" ? 1 : 0),
      ...(previous?.error ? { error: previous.error } : {}),
      updatedAt: now.toISOString(),
    });
    // The failed claim read, and no other since (db/once.ts).
    return { write: put(record, previous ? takeOver(previous, "failed") : firstClaim()), record };
  };
}

/**
 * The update's fields that record `outcome` on a held claim, only while it is still `sending` under
 * its token (`heldBy`): a kind's `update(key, settleFields(…))`.
 */
export function settleFields(held: { claim: string }, outcome: Outcome, now: string) {
  const fields =
    outcome.status === "sent"
      ? "#status = :status, messageId = :messageId, sentAt = :now, updatedAt = :now REMOVE #error"
      : "#status = :status, #error = :error, updatedAt = :now";
  return {
    UpdateExpression: `SET ${fields}`,
    ...alsoRequire(
      {
        ExpressionAttributeNames: { "#status": "status", "#error": "error" },
        ExpressionAttributeValues: {
          ":status": outcome.status,
          ":now": now,
          ...(outcome.status === "sent" ? { ":messageId": outcome.messageId } : { ":error": outcome.error }),
        },
      },
      heldBy(held, "sending"),
    ),
  };
}

/** One mail's claim, as its store keeps it: what `sendOnce` needs of an order mail or a notice mail. */
export interface MailSlot<R extends MailClaim> {
  /** Names the mail in log lines: "order mail", "notice mail". */
  what: string;
  /** The fields every log line about it carries (its order and key, or its notice key). */
  fields: Record<string, unknown>;
  /** Its claim as stored now, strongly consistent. */
  read(): Promise<R | undefined>;
  /** Claims it (`mailClaim`), in `status`, for `to`. */
  claim(status: ClaimStatus, to: string, now: Date): Promise<Claimed<R, R | undefined>>;
  /** Records `outcome` under `held`'s claim; false when it is not held any more. */
  settle(held: R, outcome: Outcome, now: string): Promise<boolean>;
}

export interface SendOptions {
  send: MailSender;
  now: () => Date;
  claimLeaseMs: number;
  /** Whether an address is on the suppression list (mails/feedback.ts). */
  isSuppressed: (to: string) => Promise<boolean>;
  /** Waits for a send slot (the restock fan-out's shared pace, mails/pace.ts), just before the claim. */
  pace?: () => Promise<void>;
}

/** A claim found `sending`: wait out its lease, then declare it uncertain if it is still there. */
async function settleAbandoned<R extends MailClaim>(
  slot: MailSlot<R>,
  found: R,
  options: SendOptions,
): Promise<Delivery> {
  const current = await afterLease(found, { ms: options.claimLeaseMs, now: options.now() }, () =>
    slot.read(),
  );
  if (current?.status !== "sending") return "already";
  const error = UNCERTAIN_ERROR;
  await slot.settle(current, { status: UNCERTAIN, error }, options.now().toISOString());
  log("error", `${slot.what} uncertain`, { ...slot.fields, error });
  return UNCERTAIN;
}

/** A claim that sends nothing (no recipient, or a suppressed one): ours, or another's before. */
async function claimFinal<R extends MailClaim>(
  slot: MailSlot<R>,
  status: "skipped" | "suppressed",
  to: string,
  now: Date,
): Promise<Delivery> {
  const outcome = await slot.claim(status, to, now);
  return "claimed" in outcome ? status : "already";
}

/**
 * Sends the mail `render()` makes to the address `recipient()` finds, at most once for `slot`
 * (docs/decisions/032-exactly-once.md):
 *
 * 1. a mail already claimed — sent, suppressed, skipped, rejected or uncertain — is not sent again;
 * 2. otherwise it is claimed `sending` (a `failed` one may be claimed again), SES is asked once, and
 *    the outcome is recorded under the claim, through storage outages (`settleAfterAct`);
 * 3. a claim still `sending` belongs to a process that died (or timed out) between claiming and
 *    recording: SES may have accepted it; after its lease it is settled `uncertain`, never resent.
 *
 * No recipient (`undefined`) is claimed `skipped`, a suppressed address `suppressed`. `render` runs
 * before the claim, so a template that throws leaves no claim behind. Throws only when storage fails
 * before anything was sent.
 */
export async function sendOnce<R extends MailClaim>(
  slot: MailSlot<R>,
  mail: { recipient: () => Promise<string | undefined>; render: () => Omit<OutgoingMail, "to"> },
  options: SendOptions,
): Promise<Delivery> {
  const existing = await slot.read();
  if (existing?.status === "sending") return settleAbandoned(slot, existing, options);
  if (existing && existing.status !== "failed") return "already";
  const to = await mail.recipient();
  if (to === undefined) return claimFinal(slot, "skipped", "", options.now());
  if (await options.isSuppressed(to)) return claimFinal(slot, "suppressed", to, options.now());
  const rendered = mail.render();
  // Before the claim: its lease counts from the send, not from the wait for a slot.
  await options.pace?.();
  const outcome = await slot.claim("sending", to, options.now());
  if ("taken" in outcome) {
    if (!outcome.taken)
      throw new Error(`${slot.what} ${JSON.stringify(slot.fields)}: claimed by another, then gone`);
    return outcome.taken.status === "sending" ? settleAbandoned(slot, outcome.taken, options) : "already";
  }
  const held = outcome.claimed;
  const settle = (result: Outcome) =>
    settleAfterAct(() => slot.settle(held, result, options.now().toISOString()));
  let answer: { messageId: string };
  try {
    answer = await options.send({ to, ...rendered });
  } catch (thrown) {
    const error = classifySendError(thrown);
    const status = error.outcome === "retry" ? "failed" : error.outcome;
    await settle({ status, error: error.message });
    log("error", `${slot.what} ${status}`, { ...slot.fields, attempt: held.attempts, error: error.message });
    return status;
  }
  await settle({ status: "sent", messageId: answer.messageId });
  log("info", `${slot.what} sent`, { ...slot.fields, messageId: answer.messageId });
  return "sent";
}
