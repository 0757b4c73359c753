import { nowDate } from "../clock.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { getItem, putItem, updateItem } from "../db/items.ts";
import {
  alsoRequire,
  type ClaimStamp,
  firstClaim,
  heldBy,
  leaseEnded,
  newClaim,
  takeOver,
} from "../db/once.ts";
import { webhookEventKind } from "./payment.records.ts";

/**
 * Storage of payments' own items (docs/data-model.md, pattern 33): the PayPal webhook events, each
 * applied once through the claim, lease and settle of db/once.ts. PayPal redelivers an event for up
 * to 3 days; it is remembered for 30.
 */
const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a delivery may take to apply an event (a few PayPal reads and our conditional writes;
 * the API times out at 20 s). A claim older than this belongs to a delivery that died: the next
 * delivery takes it over. Applying twice is harmless (every step of reconcile.ts is conditional).
 */
export const EVENT_LEASE_MS = 60_000;

/** What claiming an event answered: ours to apply, applied before, or being applied right now. */
export type EventClaim = { claimed: ClaimStamp } | { state: "applied" | "applying" };

const get = async (eventId: string) =>
  webhookEventKind.decodeFound(await getItem(webhookEventKind.key(eventId)));

/** Pattern 33: claims an event for this delivery (see EventClaim). */
async function claimEvent(eventId: string, eventType: string, now = nowDate()): Promise<EventClaim> {
  const previous = await get(eventId);
  if (previous && previous.status !== "applying") return { state: "applied" };
  if (previous?.claim && previous.claimedAt && !leaseEnded(previous.claimedAt, EVENT_LEASE_MS, now))
    return { state: "applying" };
  const stamp = newClaim(now);
  try {
    await putItem(
      webhookEventKind.putAt(
        webhookEventKind.key(eventId),
        {
          eventType,
          status: "applying",
          ...stamp,
          expiresAt: Math.floor(now.getTime() / 1000) + EVENT_TTL_SECONDS,
        },
        previous?.claim ? takeOver({ claim: previous.claim }, "applying") : firstClaim(),
      ),
    );
    return { claimed: stamp };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return { state: (await get(eventId))?.status === "applying" ? "applying" : "applied" };
  }
}

/**
 * Pattern 33: settles an applied event, only under this delivery's claim (a delivery that took the
 * claim over after the lease settles it instead). False when the claim was no longer ours.
 */
async function settleEvent(eventId: string, held: ClaimStamp, now = nowDate()): Promise<boolean> {
  try {
    await updateItem(
      webhookEventKind.update(webhookEventKind.key(eventId), {
        UpdateExpression: "SET #status = :applied, appliedAt = :now",
        ...alsoRequire(
          { ExpressionAttributeValues: { ":applied": "applied", ":now": now.toISOString() } },
          heldBy(held, "applying"),
        ),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export const paymentStore = { claimEvent, settleEvent };
