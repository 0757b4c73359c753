import * as v from "valibot";
import { exists, notExists } from "./conditions.ts";
import { whenConditionFails, writtenUnlessRefused } from "./errors.ts";
import { putItem, updateItem } from "./items.ts";
import type { Expressions, PutAction, UpdateAction, UpdateExpressions } from "./kind.ts";
import { AGAIN, giveUp, retrying } from "./retry.ts";

/**
 * A fixed-window counter in one item (`windowStart`, a counter, `expiresAt` for TTL): the sign-in
 * throttle (users/sign-in-throttle.ts) and the contact form's and newsletter's hourly limits
 * (contact/index.ts). A request takes its place *before* it does its work, with one conditional
 * write, so parallel requests cannot all pass a check made before the count grew:
 *
 * - add one to the open window, only while it started after `now − seconds` and is under `max`
 *   (an atomic ADD);
 * - refused with an open window: it is used up — `refused()` is thrown (429);
 * - refused without one (none, or it has passed): open a new one counting this request, a put
 *   conditioned on there being none or an ended one; of two openers racing, the loser adds to the
 *   winner's window on the next round.
 *
 * A window is only ever replaced once it has passed: nothing deletes or resets an open one, because
 * every request that started meanwhile would find no window and open a fresh one with `max` new
 * places. A place taken by a request that should not count (the sign-in throttle's right password)
 * is given back on its own (`giveBackWindowPlace`): one place, in the window it was taken in.
 *
 * The window is checked in code as well as by TTL, because TTL deletion can lag by hours.
 */

/** A place taken in a window: the start of the window that counted it. */
export interface WindowPlace {
  windowStart: number;
}

/**
 * One window's item: the update of its kind at its key, the name of its counter attribute, and the
 * put of a new window at its key with its counter at 1.
 */
export interface WindowItem {
  counter: string;
  update(update: UpdateExpressions): UpdateAction;
  open(window: { windowStart: number; expiresAt: number }, expressions: Expressions): PutAction;
}

/** What a refused conditional write reports of the item: DynamoDB's wire format, left as it is by the document client. */
const RefusedWindow = v.object({ Item: v.object({ windowStart: v.object({ N: v.string() }) }) });

/** What a counted write answers of the item (ALL_NEW, unmarshalled by the document client). */
const CountedWindow = v.object({ windowStart: v.number() });

/**
 * Counts one more in the open window (answering the window's start); when refused, the start of the
 * window that refused it, if the refusal reports one (none when there is no item).
 */
async function countOne(
  window: WindowItem,
  { cutoff, max }: { cutoff: number; max: number },
): Promise<{ counted: true; windowStart: number } | { counted: false; windowStart?: number }> {
  return whenConditionFails(
    updateItem(
      window.update({
        UpdateExpression: "ADD #counter :one",
        ConditionExpression: `${exists()} AND windowStart > :cutoff AND #counter < :max`,
        ExpressionAttributeNames: { "#counter": window.counter },
        ExpressionAttributeValues: { ":one": 1, ":cutoff": cutoff, ":max": max },
        ReturnValues: "ALL_NEW",
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      }),
    ).then((counted) => ({
      counted: true as const,
      windowStart: v.parse(CountedWindow, counted).windowStart,
    })),
    (refusal) => {
      const refused = v.safeParse(RefusedWindow, refusal);
      return refused.success
        ? { counted: false as const, windowStart: Number(refused.output.Item.windowStart.N) }
        : { counted: false as const };
    },
  );
}

/** Opens a new window counting one, unless another opened it meanwhile (false). */
async function openOne(
  window: WindowItem,
  { now, cutoff, expiresAt }: { now: number; cutoff: number; expiresAt: number },
): Promise<boolean> {
  return writtenUnlessRefused(
    putItem(
      window.open(
        { windowStart: now, expiresAt },
        {
          ConditionExpression: `${notExists()} OR windowStart <= :cutoff`,
          ExpressionAttributeValues: { ":cutoff": cutoff },
        },
      ),
    ),
  );
}

/**
 * Takes one place in the window (see the top of this file), or throws `refused()` when it is used
 * up; answers the place taken. `now` is in epoch seconds. A refusal that does not report the window
 * (no item, or no `windowStart` read) never opens one by itself: the put below only succeeds where
 * there is no window or an ended one, and otherwise the next round counts or refuses.
 */
export async function takeWindowPlace(
  window: WindowItem,
  { max, seconds, now, refused }: { max: number; seconds: number; now: number; refused: () => Error },
): Promise<WindowPlace> {
  const cutoff = now - seconds;
  return retrying(
    "changedMeanwhile",
    async () => {
      const attempt = await countOne(window, { cutoff, max });
      if (attempt.counted) return { windowStart: attempt.windowStart };
      if (attempt.windowStart !== undefined && attempt.windowStart > cutoff) throw refused();
      return (await openOne(window, { now, cutoff, expiresAt: now + seconds }))
        ? { windowStart: now }
        : AGAIN;
    },
    giveUp(refused),
  );
}

/**
 * Gives back one place taken by `takeWindowPlace`: one less in the window it was taken in, never
 * below zero; nothing once that window has been replaced by a later one (its places went with it).
 * Only this one place comes free, so requests racing it can never take more than `max` places that
 * stay counted.
 */
export async function giveBackWindowPlace(window: WindowItem, place: WindowPlace): Promise<void> {
  await writtenUnlessRefused(
    updateItem(
      window.update({
        UpdateExpression: "ADD #counter :less",
        ConditionExpression: `${exists()} AND windowStart = :start AND #counter > :none`,
        ExpressionAttributeNames: { "#counter": window.counter },
        ExpressionAttributeValues: { ":less": -1, ":start": place.windowStart, ":none": 0 },
      }),
    ),
  );
}
