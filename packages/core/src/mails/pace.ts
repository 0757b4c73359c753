import { notExists } from "../db/conditions.ts";
import { whenConditionFails } from "../db/errors.ts";
import { getItem, putItem } from "../db/items.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { sendPaceKind } from "./notice.records.ts";

/**
 * The restock fan-out's send pace, shared by every batch that runs at once
 * (docs/decisions/039-restock-alerts.md): a slot schedule in one item (pattern 57). A send books the
 * next free slot — `max(now, nextAt)` — by moving `nextAt` one gap (1 s / `MAIL_SEND_RATE`) past it,
 * conditioned on the value it read, then waits for its slot. Two batches, on two shards or in two
 * processes, therefore book different slots, a gap apart: together they send at most the rate.
 *
 * A sender books its next slot only once it has sent, so with `C` batches running none waits more
 * than `C` gaps; a lost race reads again (`retrying("hotItem")`). Slots are instants of the senders'
 * clocks (Lambda's are kept to NTP, milliseconds apart). Nothing else is stored: an idle pace is a
 * `nextAt` in the past, which the next send replaces. A `nextAt` further ahead than any number of
 * batches could book (MAX_AHEAD_MS, or 10 gaps at a slow rate) was written by a clock that ran
 * ahead: the send takes the present instead of waiting for it.
 */
export const MAX_AHEAD_MS = 30_000;

export interface PaceOptions {
  /** Mails a second, all batches together (`MAIL_SEND_RATE`). */
  rate: number;
  now?: () => Date;
  /** Waits until a slot (tests replace it); by default `setTimeout`. */
  pause?: (ms: number) => Promise<void>;
}

const pauseFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Pattern 57: books the next free slot; answers its instant (epoch ms). */
export async function bookSendSlot(gapMs: number, now: () => Date = () => new Date()): Promise<number> {
  return retrying(
    "hotItem",
    async () => {
      const found = sendPaceKind.decodeFound(await getItem(sendPaceKind.key()));
      const at = now().getTime();
      const booked = found?.nextAt ?? 0;
      const slot = booked - at > Math.max(MAX_AHEAD_MS, 10 * gapMs) ? at : Math.max(at, booked);
      return whenConditionFails(
        putItem(
          sendPaceKind.putAt(
            sendPaceKind.key(),
            { nextAt: Math.ceil(slot + gapMs), updatedAt: new Date(at).toISOString() },
            found
              ? {
                  ConditionExpression: "nextAt = :read",
                  ExpressionAttributeValues: { ":read": found.nextAt },
                }
              : { ConditionExpression: notExists() },
          ),
        ).then(() => slot),
        () => AGAIN,
      );
    },
    giveUp(() => new AppError("BUSY", "The mail pace is busy; the batch is retried")),
  );
}

/** A wait for the next shared send slot: what a batch calls before each mail it sends. */
export function sharedPace(options: PaceOptions): () => Promise<void> {
  const gap = 1000 / options.rate;
  const now = options.now ?? (() => new Date());
  const pause = options.pause ?? pauseFor;
  return async () => {
    const slot = await bookSendSlot(gap, now);
    const wait = slot - now().getTime();
    if (wait > 0) await pause(wait);
  };
}
