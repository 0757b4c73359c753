import { AppError } from "../errors.ts";
import { notExists } from "./conditions.ts";
import { CONDITION_FAILED, isConditionalCheckFailure } from "./errors.ts";
import { type DeleteInput, type Item, type Key, updateItem } from "./items.ts";
import { type Action, tryTransact, type UpdateAction } from "./transact.ts";

/**
 * Uniqueness items (docs/data-model.md, patterns 8 and 11): a value that must be unique (a product's
 * slug, a user's email) is the key of an item naming its owner, written in the same transaction as
 * the owner, so GSIs (eventually consistent) are never read to check it.
 */
export interface Uniqueness {
  /** The uniqueness item's key (`SLUG#<slug>`, `EMAIL#<email>`). */
  key: Key;
  /** The attribute of the uniqueness item naming its owner (`productId`, `userId`). */
  ownerAttribute: string;
  /** The owner's id. */
  ownerId: string;
}

/** Puts the uniqueness item, only if the value is free. */
const claim = (unique: Uniqueness): Action => ({
  Put: { Item: { ...unique.key, [unique.ownerAttribute]: unique.ownerId }, ConditionExpression: notExists() },
});

/** Deletes the uniqueness item if it is the owner's (or already gone). */
const release = (unique: Uniqueness): Action => ({
  Delete: {
    Key: unique.key,
    ConditionExpression: `${notExists()} OR #owner = :owner`,
    ExpressionAttributeNames: { "#owner": unique.ownerAttribute },
    ExpressionAttributeValues: { ":owner": unique.ownerId },
  },
});

const changedMeanwhile = () => new AppError("conflict", "The item changed meanwhile, please try again");

/**
 * Creates an entity (its item put only if absent) with its uniqueness item, in one transaction:
 * `taken` when the value belongs to someone else.
 */
export async function putWithUnique(item: Item, unique: Uniqueness): Promise<"created" | "taken"> {
  const reasons = await tryTransact([
    { Put: { Item: item, ConditionExpression: notExists() } },
    claim(unique),
  ]);
  if (!reasons) return "created";
  if (reasons[1] === CONDITION_FAILED) return "taken";
  throw changedMeanwhile();
}

/** What an update that may swap a uniqueness item did. */
export type SwapOutcome = "updated" | "taken" | "changed";

/**
 * "Swap a uniqueness item": updates an entity and, when its unique value changes, deletes the old
 * uniqueness item and claims the new one in the same transaction. `taken` when the new value belongs
 * to someone else; `changed` when the entity's own condition failed (it changed since it was read) or
 * the transaction lost a race: read again and decide again.
 *
 * @example
 * await updateSwappingUnique(update, { from: { ...slug(old) }, to: { ...slug(next) } });
 */
export async function updateSwappingUnique(
  update: UpdateAction,
  swap?: { from: Uniqueness; to: Uniqueness },
): Promise<SwapOutcome> {
  const moves = swap && JSON.stringify(swap.from.key) !== JSON.stringify(swap.to.key);
  if (!moves) {
    try {
      await updateItem(update);
      return "updated";
    } catch (error) {
      if (isConditionalCheckFailure(error)) return "changed";
      throw error;
    }
  }
  const reasons = await tryTransact([{ Update: update }, release(swap.from), claim(swap.to)]);
  if (!reasons) return "updated";
  return reasons[2] === CONDITION_FAILED ? "taken" : "changed";
}

/**
 * Deletes an entity (on its own condition) with its uniqueness item, in one transaction, plus the
 * caller's `also` actions (a tombstone): `changed` when the entity changed since it was read (or the
 * transaction lost a race).
 */
export async function deleteWithUnique(
  remove: DeleteInput,
  unique: Uniqueness,
  also: readonly Action[] = [],
): Promise<"deleted" | "changed"> {
  const reasons = await tryTransact([{ Delete: remove }, release(unique), ...also]);
  return reasons ? "changed" : "deleted";
}
