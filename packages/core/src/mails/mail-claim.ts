import { isConditionalCheckFailure } from "../db/errors.ts";
import { updateItem } from "../db/items.ts";
import type { UpdateAction } from "../db/kind.ts";
import { alsoRequire, heldBy, leaseLeft, type UNCERTAIN } from "../db/once.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";

/**
 * The settle half of a mail's claim, shared by order mails (mail.store.ts, deliver.ts) and notice
 * mails (notice.ts): both claim with db/once.ts, ask SES once, then record what SES said under the
 * claim — or, finding a claim whose holder died, declare it uncertain (docs/decisions/031, 032).
 */

/** The outcome a claim holder records. */
export type Outcome =
  | { status: "sent"; messageId: string }
  | { status: "failed" | "rejected" | typeof UNCERTAIN; error: string };

/** Why a claim found `sending` past its lease is settled uncertain, and never sent again. */
export const UNCERTAIN_ERROR =
  "the process sending it stopped before recording SES's answer: SES may or may not have accepted it; not sent again";

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

/** Runs a settle update; false when the claim is no longer held (declared uncertain meanwhile). */
export async function applySettle(update: UpdateAction): Promise<boolean> {
  try {
    await updateItem(update);
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Records a claim's outcome after a send, retrying storage outages: the send itself must not be repeated. */
export async function settleAfterSend(settle: () => Promise<boolean>): Promise<void> {
  let failure: unknown;
  await retrying(
    "recordAfterSend",
    async () => {
      try {
        await settle();
        return undefined;
      } catch (error) {
        failure = error;
        return AGAIN;
      }
    },
    giveUp(() => failure),
  );
}

/**
 * A claim found `sending`: waits out what is left of its lease, then reads it again; the claim as it
 * is then (still `sending`: its holder died, and the caller settles it uncertain).
 */
export async function afterLease<R extends { claimedAt: string }>(
  found: R,
  leaseMs: number,
  now: Date,
  reread: () => Promise<R | undefined>,
): Promise<R | undefined> {
  const wait = leaseLeft(found.claimedAt, leaseMs, now);
  if (wait <= 0) return found;
  await new Promise((resolve) => setTimeout(resolve, wait));
  return reread();
}
