import { AppError } from "../errors.ts";
import { notExists } from "./conditions.ts";
import { whenConditionFails } from "./errors.ts";
import { updateItem } from "./items.ts";
import type { Action, Kind, PutAction, UpdateAction } from "./kind.ts";
import { tryTransact } from "./transact.ts";

/**
 * Uniqueness items (docs/data-model.md, patterns 8 and 11): a value that must be unique (a product's
 * slug, a user's email) is the key of an item naming its owner, written in the same transaction as
 * the owner, so GSIs (eventually consistent) are never read to check it.
 */

/** A uniqueness kind: its item names the owner's id (`{ productId }`, `{ userId }`). */
export type UniqueKind<Owner extends string> = Kind<
  Record<Owner, string>,
  [value: string],
  Record<Owner, string>
>;

/** One unique value of an owner. */
export interface Uniqueness<Owner extends string = string> {
  kind: UniqueKind<Owner>;
  /** The owner attribute of the uniqueness item (`productId`, `userId`). */
  owner: Owner;
  value: string;
  ownerId: string;
}

/** Puts the uniqueness item, only if the value is free. */
const claim = (unique: Uniqueness): Action =>
  unique.kind.putAt(
    unique.kind.key(unique.value),
    { [unique.owner]: unique.ownerId },
    { ConditionExpression: notExists() },
  );

/** Deletes the uniqueness item if it is the owner's (or already gone). */
const release = (unique: Uniqueness): Action[] =>
  unique.kind.delete(unique.kind.key(unique.value), {
    ConditionExpression: `${notExists()} OR #owner = :owner`,
    ExpressionAttributeNames: { "#owner": unique.owner },
    ExpressionAttributeValues: { ":owner": unique.ownerId },
  });

const changedMeanwhile = () =>
  new AppError("CHANGED_MEANWHILE", "The item changed meanwhile, please try again");

/**
 * Creates an entity (its put conditioned on its absence) with its uniqueness item, in one
 * transaction with `also` (a count that moves with it): `taken` when the value belongs to someone else.
 */
export async function putWithUnique(
  put: PutAction,
  unique: Uniqueness,
  also: readonly Action[] = [],
): Promise<"created" | "taken"> {
  const claimed = claim(unique);
  const cancelled = await tryTransact([put, claimed, ...also]);
  if (!cancelled) return "created";
  if (cancelled.failed(claimed)) return "taken";
  throw changedMeanwhile();
}

/** What an update that may swap a uniqueness item did. */
export type SwapOutcome = "updated" | "taken" | "changed";

/**
 * "Swap a uniqueness item": updates an entity and, when its unique value changes, deletes the old
 * uniqueness item and claims the new one in the same transaction. `taken` when the new value belongs
 * to someone else; `changed` when the entity's own condition failed (it changed since it was read) or
 * the transaction lost a race: read again and decide again. `also` joins the same transaction (a
 * count that moves with the entity).
 *
 * @example
 * await updateSwappingUnique(update, { from: slugOf(old, id), to: slugOf(next, id) });
 */
export async function updateSwappingUnique(
  update: UpdateAction,
  swap?: { from: Uniqueness; to: Uniqueness },
  also: readonly Action[] = [],
): Promise<SwapOutcome> {
  if (!swap || swap.from.value === swap.to.value) {
    if (also.length > 0) return (await tryTransact([update, ...also])) ? "changed" : "updated";
    return whenConditionFails(
      updateItem(update).then(() => "updated" as const),
      () => "changed" as const,
    );
  }
  const claimed = claim(swap.to);
  const cancelled = await tryTransact([update, ...release(swap.from), claimed, ...also]);
  if (!cancelled) return "updated";
  return cancelled.failed(claimed) ? "taken" : "changed";
}

/**
 * Deletes an entity (its kind's delete actions, on its own condition) with its uniqueness item, in
 * one transaction: `changed` when the entity changed since it was read (or the transaction lost a race).
 */
export async function deleteWithUnique(
  remove: readonly Action[],
  unique: Uniqueness,
): Promise<"deleted" | "changed"> {
  const cancelled = await tryTransact([...remove, ...release(unique)]);
  return cancelled ? "changed" : "deleted";
}
