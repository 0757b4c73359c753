import { createHash, randomUUID } from "node:crypto";
import { notExists } from "./conditions.ts";
import { whenConditionFails, writtenUnlessRefused } from "./errors.ts";
import { putItem, updateItem } from "./items.ts";
import type { Expressions, PutAction, UpdateAction } from "./kind.ts";
import { AGAIN, giveUp, retrying } from "./retry.ts";

/**
 * The one exactly-once pattern of core (docs/decisions/032-exactly-once.md). Work that must happen
 * once although its request may be retried, redelivered or raced — a mail, a refund, a PayPal
 * webhook event, an order placement, and the next ones (a final charge, a delivery seat) — goes:
 *
 * 1. **Claim**: a conditional write of the work's own item, at a key the work decides (the mail's
 *    transition, the refund's id, the event's id, the client's key). Nothing may be there yet — or
 *    what is there is a claim that may be taken over (`takeOver`), and no other claim since. Whoever
 *    loses the race reads what the winner left and does not do the work.
 * 2. **Act**: the claim's holder does the work (sends the mail, asks PayPal), at most once per claim.
 * 3. **Settle**: the holder records the outcome with a write conditioned on its claim still being
 *    held (`heldBy`): the item is still in its held status under the same claim token. A second
 *    writer — a retry, the sweep, another delivery — therefore settles nothing twice.
 * 4. **Lease**: a claim still held past its lease belongs to a holder that died between acting and
 *    settling. If the act is idempotent downstream (PayPal's request id), the claim is acted on again
 *    by whoever finds it (the sweep resends a pending refund); if it is not (SES sends every mail it is
 *    given), it is settled as `uncertain` and never repeated.
 *
 * Two outcomes are named here because every kind uses them alike:
 * - `uncertain`: the holder died after acting, before settling; whether the act took effect is
 *   unknown, so it is not repeated and an administrator can see it;
 * - `given up`: the work can no longer be done (its subject is gone, or it was refused for good); it
 *   is settled so nothing retries it.
 */

/** A claim whose holder died after acting: the act may or may not have taken effect. */
export const UNCERTAIN = "uncertain" as const;
/** A claim settled without its act: the work can no longer be done. */
export const GIVEN_UP = "given up" as const;

/** What a claim item carries: its token (unique per claim) and when it was taken. */
export interface ClaimStamp {
  claim: string;
  claimedAt: string;
}

/** A new claim's stamp: a fresh token, taken at `now`. */
export const newClaim = (now: Date = new Date()): ClaimStamp => ({
  claim: randomUUID(),
  claimedAt: now.toISOString(),
});

/** The write condition of a first claim: nothing at the work's key yet. */
export const firstClaim = (): Expressions => ({ ConditionExpression: notExists() });

/**
 * The write condition of a first claim held in one attribute of an item that exists already (an
 * order's final charge: `finalizedAt`): that attribute not set yet. Whoever loses reads the item and
 * answers by what the winner recorded there.
 */
export const firstClaimOf = (attribute: string): Expressions => ({
  ConditionExpression: "attribute_not_exists(#claimedIn)",
  ExpressionAttributeNames: { "#claimedIn": attribute },
});

/**
 * The write condition of a claim taking over `previous`: the item is still in `status` (one that may
 * be claimed again, such as a mail SES refused for now) under the very claim that was read.
 */
export const takeOver = (previous: { claim: string }, status: string): Expressions => ({
  ConditionExpression: "#status = :takenOverStatus AND #claim = :takenOverClaim",
  ExpressionAttributeNames: { "#status": "status", "#claim": "claim" },
  ExpressionAttributeValues: { ":takenOverStatus": status, ":takenOverClaim": previous.claim },
});

/**
 * The write condition of a settle: the item is still `heldStatus`, and — when the item carries claim
 * tokens — under `held`'s claim. An item whose key is unique to its claim (a refund: a new id per
 * request) needs only the status.
 */
export const heldBy = (held: { claim?: string }, heldStatus: string): Expressions =>
  held.claim === undefined
    ? {
        ConditionExpression: "#status = :heldStatus",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":heldStatus": heldStatus },
      }
    : {
        ConditionExpression: "#status = :heldStatus AND #claim = :heldClaim",
        ExpressionAttributeNames: { "#status": "status", "#claim": "claim" },
        ExpressionAttributeValues: { ":heldStatus": heldStatus, ":heldClaim": held.claim },
      };

/**
 * The write condition of a claim that expires (an idempotency key, whose TTL deletion lags by up to
 * days): nothing at the key, or a claim whose `expiresAt` (epoch seconds) has passed at `nowSeconds`.
 */
export const expiringClaim = (nowSeconds: number): Expressions => ({
  ConditionExpression: `${notExists()} OR expiresAt < :claimNow`,
  ExpressionAttributeValues: { ":claimNow": nowSeconds },
});

/** Whether a claim taken at `claimedAt` (ISO) has outlived its lease of `leaseMs` at `now`. */
export const leaseEnded = (claimedAt: string, leaseMs: number, now: Date = new Date()): boolean =>
  now.getTime() >= Date.parse(claimedAt) + leaseMs;

/** How long is left of a claim's lease at `now` (0 once it has ended). */
export const leaseLeft = (claimedAt: string, leaseMs: number, now: Date = new Date()): number =>
  Math.max(0, Date.parse(claimedAt) + leaseMs - now.getTime());

/**
 * Merges a claim's or settle's condition into a write's own expressions (both condition strings
 * must hold; names and values are joined).
 */
export function alsoRequire(own: Expressions, condition: Expressions): Expressions {
  const names = { ...own.ExpressionAttributeNames, ...condition.ExpressionAttributeNames };
  const values = { ...own.ExpressionAttributeValues, ...condition.ExpressionAttributeValues };
  return {
    ...own,
    ConditionExpression: own.ConditionExpression
      ? `(${own.ConditionExpression}) AND (${condition.ConditionExpression})`
      : condition.ConditionExpression,
    // DynamoDB refuses an empty map of names or values.
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
}

/**
 * A request's fingerprint, stored with its claim: `parts` (what it asks, in a fixed order) as JSON,
 * hashed. A replay is answered as the first request only when its fingerprint is the same (a refund's
 * Idempotency-Key, an order's final charge).
 */
export const requestFingerprint = (parts: unknown): string =>
  createHash("sha256").update(JSON.stringify(parts)).digest("base64url");

/** What a claim step answered: the claim is ours (`claimed`), or what the winner left (`taken`). */
export type Claimed<R, W = R> = { claimed: R } | { taken: W };

/**
 * The claim step, the one place it is written (step 1 above): reads what is at the work's key,
 * lets `decide` answer it as taken or build the claim's write (`firstClaim` / `takeOver`, a put or an
 * update) with the record it holds, writes it, and — when the write's condition fails because
 * another claimed first — reads what the winner left. `taken` is undefined only when the winner's
 * item is gone again (expired or deleted) by the time it is read.
 *
 * @example
 * const outcome = await claimOnce(() => get(key), (previous) =>
 *   previous && previous.status !== "failed" ? { taken: previous }
 *     : { write: noticeKind.put(record, previous ? takeOver(previous, "failed") : firstClaim()), record });
 */
export async function claimOnce<R, W>(
  read: () => Promise<W | undefined>,
  decide: (previous: W | undefined) => { taken: W } | { write: PutAction | UpdateAction; record: R },
): Promise<Claimed<R, W | undefined>> {
  const decided = decide(await read());
  if ("taken" in decided) return decided;
  const { write, record } = decided;
  const written = "Put" in write ? putItem(write) : updateItem(write);
  return whenConditionFails(
    written.then((): Claimed<R, W | undefined> => ({ claimed: record })),
    async () => ({ taken: await read() }),
  );
}

/**
 * A settle (step 3 above): the holder's update, conditioned by `heldBy`; false when the claim is no
 * longer held (settled or declared uncertain by another meanwhile).
 */
export const settleOnce = (update: UpdateAction): Promise<boolean> =>
  writtenUnlessRefused(updateItem(update));

/**
 * A settle after an act that must not be repeated (a mail SES was asked to send): written again
 * through storage outages, so the outcome is recorded although the store blinked.
 */
export async function settleAfterAct(settle: () => Promise<boolean>): Promise<void> {
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

const pauseFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The lease wait (step 4 above): a claim found held waits out what is left of its lease, then is
 * read again; answers the claim as it is then (still held: its holder died, and the caller settles
 * it `uncertain` or takes it over), or undefined when it is gone. `pause` waits (tests replace it).
 */
export async function afterLease<R extends { claimedAt: string }>(
  found: R,
  lease: { ms: number; now: Date; pause?: (ms: number) => Promise<void> },
  reread: () => Promise<R | undefined>,
): Promise<R | undefined> {
  const wait = leaseLeft(found.claimedAt, lease.ms, lease.now);
  if (wait <= 0) return found;
  await (lease.pause ?? pauseFor)(wait);
  return reread();
}
