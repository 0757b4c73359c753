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
 * The window is checked in code as well as by TTL, because TTL deletion can lag by hours.
 */

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

/** Counts one more in the open window; when refused, the start of the window that refused it (if any). */
async function countOne(
  window: WindowItem,
  { cutoff, max }: { cutoff: number; max: number },
): Promise<{ counted: boolean; windowStart?: number }> {
  return whenConditionFails(
    updateItem(
      window.update({
        UpdateExpression: "ADD #counter :one",
        ConditionExpression: `${exists()} AND windowStart > :cutoff AND #counter < :max`,
        ExpressionAttributeNames: { "#counter": window.counter },
        ExpressionAttributeValues: { ":one": 1, ":cutoff": cutoff, ":max": max },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      }),
    ).then(() => ({ counted: true })),
    (refusal) => {
      const refused = v.safeParse(RefusedWindow, refusal);
      return refused.success
        ? { counted: false, windowStart: Number(refused.output.Item.windowStart.N) }
        : { counted: false };
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
 * up. `now` is in epoch seconds.
 */
export async function takeWindowPlace(
  window: WindowItem,
  { max, seconds, now, refused }: { max: number; seconds: number; now: number; refused: () => Error },
): Promise<void> {
  const cutoff = now - seconds;
  await retrying(
    "changedMeanwhile",
    async () => {
      const attempt = await countOne(window, { cutoff, max });
      if (attempt.counted) return;
      if (attempt.windowStart !== undefined && attempt.windowStart > cutoff) throw refused();
      return (await openOne(window, { now, cutoff, expiresAt: now + seconds })) ? undefined : AGAIN;
    },
    giveUp(refused),
  );
}
