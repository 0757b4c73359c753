import { getItem } from "../db/items.ts";
import {
  alsoRequire,
  type ClaimStamp,
  claimOnce,
  firstClaim,
  heldBy,
  leaseEnded,
  newClaim,
  settleOnce,
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

type WebhookEvent = ReturnType<typeof webhookEventKind.decode>;

const get = async (eventId: string): Promise<WebhookEvent | undefined> =>
  webhookEventKind.decodeFound(await getItem(webhookEventKind.key(eventId)));

/** Pattern 33: claims an event for this delivery (see EventClaim), with db/once.ts `claimOnce`. */
async function claimEvent(eventId: string, eventType: string, now = new Date()): Promise<EventClaim> {
  const stamp = newClaim(now);
  const outcome = await claimOnce<ClaimStamp, WebhookEvent>(
    () => get(eventId),
    (previous) => {
      if (previous && previous.status !== "applying") return { taken: previous };
      if (previous?.claim && previous.claimedAt && !leaseEnded(previous.claimedAt, EVENT_LEASE_MS, now))
        return { taken: previous };
      return {
        write: webhookEventKind.putAt(
          webhookEventKind.key(eventId),
          {
            eventType,
            status: "applying",
            ...stamp,
            expiresAt: Math.floor(now.getTime() / 1000) + EVENT_TTL_SECONDS,
          },
          previous?.claim ? takeOver({ claim: previous.claim }, "applying") : firstClaim(),
        ),
        record: stamp,
      };
    },
  );
  if ("claimed" in outcome) return outcome;
  return { state: outcome.taken?.status === "applying" ? "applying" : "applied" };
}

/**
 * Pattern 33: settles an applied event, only under this delivery's claim (a delivery that took the
 * claim over after the lease settles it instead). False when the claim was no longer ours.
 */
const settleEvent = (eventId: string, held: ClaimStamp, now = new Date()): Promise<boolean> =>
  settleOnce(
    webhookEventKind.update(webhookEventKind.key(eventId), {
      UpdateExpression: "SET #status = :applied, appliedAt = :now",
      ...alsoRequire(
        { ExpressionAttributeValues: { ":applied": "applied", ":now": now.toISOString() } },
        heldBy(held, "applying"),
      ),
    }),
  );

export const paymentStore = { claimEvent, settleEvent };
