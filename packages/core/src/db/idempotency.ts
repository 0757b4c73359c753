import { AppError } from "../errors.ts";

export { requestFingerprint } from "./once.ts";

/**
 * The one `Idempotency-Key` rule of the API (docs/decisions/045-idempotency-keys.md), for placing an
 * order (POST /api/orders), refunding one (POST /api/orders/{id}/refunds) and its final charge
 * (POST /api/orders/{id}/final):
 *
 * - a key is scoped to its caller and route: the route's own claim (an order's key item, a refund's
 *   key item, the order's final) is stored under `scopedKey(callerId, key)` and, for the routes of
 *   one order, under that order; the same key from another caller, or on another route, is another
 *   key;
 * - the same key with the same body answers the stored result (a replay, 200);
 * - the same key with another body answers 422 `IDEMPOTENCY_KEY_REUSED` (`sameRequest`): the body's
 *   fingerprint (`requestFingerprint` of what it asks, in a fixed order) is stored with the claim;
 * - a key lives IDEMPOTENCY_KEY_TTL_SECONDS, then may be used again.
 *
 * The claim itself is db/once.ts's (`expiringClaim`), in the route's own transaction.
 */

/** A key lives a day: long enough for any retry, short enough to keep the table small. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/**
 * A caller's key, as the route's claim stores it. Ids are ULIDs (no `#`), so no two callers' keys
 * can meet.
 */
export const scopedKey = (callerId: string, key: string): string => `${callerId}#${key}`;

/** 422 `IDEMPOTENCY_KEY_REUSED`: the key was used for another request. */
export const keyReused = (): AppError =>
  new AppError(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was already used for a different request; use a new key for a new request",
  );

/**
 * Checks a replayed key's request against the one that claimed it: the same fingerprint passes (the
 * stored result is the answer); another throws 422 `IDEMPOTENCY_KEY_REUSED`. A claim stored before
 * fingerprints (`stored` undefined) passes, as it did then.
 *
 * @example
 * const claim = await refundStore.claimOfKey(orderId, scopedKey(caller._id, key));
 * if (claim) sameRequest(claim.request, requestFingerprint(parts));
 */
export function sameRequest(stored: string | undefined, request: string): void {
  if (stored !== undefined && stored !== request) throw keyReused();
}
