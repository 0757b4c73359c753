import { getConfig } from "../config.ts";
import { storageError } from "./errors.ts";
import type { Action, Item, Key, PutAction, UpdateAction } from "./kind.ts";
import { readItem } from "./read-client.ts";
import { loadSdk } from "./sdk.ts";
import { singleFlight } from "./single-flight.ts";
import { transact } from "./transact.ts";

export type { Item, Key } from "./kind.ts";

/**
 * Single-item operations on the table. Every one maps storage outages to 503 (`storageError`) and
 * lets a failed condition through unchanged, for the store to say what it means
 * (errors.ts `whenConditionFails`). Reads go over db/read-client.ts, writes through the SDK (db/sdk.ts). Writes
 * are actions a kind built (db/kind.ts); a delete of one item is a transaction (`transact`), as a
 * counted item's takes its tombstone along.
 */

async function send<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storageError(error);
  }
}

/**
 * Reads one item by key; strongly consistent unless `consistent: false` (a public read that may lag a
 * moment). Every check made before a write reads consistently.
 */
export async function getItem(key: Key, { consistent = true } = {}): Promise<Item | undefined> {
  return send(() => readItem(getConfig().tableName, key, consistent));
}

/**
 * `getItem` (eventually consistent) through `singleFlight`: concurrent identical reads of a hot public
 * item share one round trip (decision 005). Never for a read that must see the caller's own write.
 */
export const sharedGetItem = (key: Key): Promise<Item | undefined> =>
  singleFlight(JSON.stringify(["get", getConfig().tableName, key]), () =>
    getItem(key, { consistent: false }),
  );

/** Puts one item (conditions and their values in the action). */
export async function putItem(action: PutAction): Promise<void> {
  const { db, PutCommand } = await loadSdk();
  await send(() => db().send(new PutCommand({ TableName: getConfig().tableName, ...action.Put })));
}

/** Updates one item; answers its attributes when the action's `ReturnValues` asks for them. */
export async function updateItem(action: UpdateAction): Promise<Item | undefined> {
  const { db, UpdateCommand } = await loadSdk();
  const result = await send(() =>
    db().send(new UpdateCommand({ TableName: getConfig().tableName, ...action.Update })),
  );
  return result.Attributes;
}

/**
 * Deletes one item with the actions its kind built: a plain DeleteItem, or, for a counted item whose
 * delete leaves a tombstone, one transaction (deleting a missing item changes nothing).
 */
export async function deleteItem(actions: readonly Action[]): Promise<void> {
  const [only] = actions;
  if (actions.length === 1 && only && "Delete" in only) {
    const { db, DeleteCommand } = await loadSdk();
    await send(() => db().send(new DeleteCommand({ TableName: getConfig().tableName, ...only.Delete })));
    return;
  }
  await transact(actions);
}

/**
 * `SET #a = :a, #b = :b, …` of an update that writes exactly these attributes, with their names and
 * values.
 *
 * @example
 * setFields({ name: "Kiwi", updatedAt: now }) // { UpdateExpression: "SET #name = :name, #updatedAt = :updatedAt", … }
 */
export function setFields(fields: Item) {
  const names = Object.keys(fields);
  // A field given as `undefined` is removed from the item (an attribute with nothing left in it).
  const set = names.filter((name) => fields[name] !== undefined);
  const removed = names.filter((name) => fields[name] === undefined);
  return {
    UpdateExpression: [
      set.length > 0 ? `SET ${set.map((name) => `#${name} = :${name}`).join(", ")}` : "",
      removed.length > 0 ? `REMOVE ${removed.map((name) => `#${name}`).join(", ")}` : "",
    ]
      .filter(Boolean)
      .join(" "),
    ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(set.map((name) => [`:${name}`, fields[name]])),
  };
}
