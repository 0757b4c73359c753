import type { DeleteCommandInput, PutCommandInput, UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "../config.ts";
import { storageError } from "./errors.ts";
import { readItem as wireGet } from "./read-client.ts";
import { loadSdk } from "./sdk.ts";
import { singleFlight } from "./single-flight.ts";

/**
 * Single-item operations on the table. Every one maps storage outages to 503 (`storageError`) and
 * lets a failed condition through unchanged, for the store to say what it means
 * (`isConditionalCheckFailure`). Reads go over db/wire.ts, writes through the SDK (db/sdk.ts).
 */

/** A stored item: attribute name → value, as the document client reads it. */
export type Item = Record<string, unknown>;
/** A primary key: partition and sort key values. */
export type Key = Record<string, string>;

/** Input of a put, an update or a delete, without the table name (added here). */
export type PutInput = Omit<PutCommandInput, "TableName">;
export type UpdateInput = Omit<UpdateCommandInput, "TableName">;
export type DeleteInput = Omit<DeleteCommandInput, "TableName">;

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
  return send(() => wireGet(getConfig().tableName, key, consistent));
}

/**
 * `getItem` (eventually consistent) through `singleFlight`: concurrent identical reads of a hot public
 * item share one round trip (decision 005). Never for a read that must see the caller's own write.
 */
export const sharedGetItem = (key: Key): Promise<Item | undefined> =>
  singleFlight(JSON.stringify(["get", getConfig().tableName, key]), () =>
    getItem(key, { consistent: false }),
  );

/** Puts one item (conditions and their values in `input`). */
export async function putItem(input: PutInput): Promise<void> {
  const { db, PutCommand } = await loadSdk();
  await send(() => db().send(new PutCommand({ TableName: getConfig().tableName, ...input })));
}

/** Updates one item; answers its attributes when `input.ReturnValues` asks for them. */
export async function updateItem(input: UpdateInput): Promise<Item | undefined> {
  const { db, UpdateCommand } = await loadSdk();
  const result = await send(() =>
    db().send(new UpdateCommand({ TableName: getConfig().tableName, ...input })),
  );
  return result.Attributes;
}

/** Deletes one item (deleting a missing item changes nothing). */
export async function deleteItem(input: DeleteInput): Promise<void> {
  const { db, DeleteCommand } = await loadSdk();
  await send(() => db().send(new DeleteCommand({ TableName: getConfig().tableName, ...input })));
}

/**
 * `SET #a = :a, #b = :b, …` of an update that writes exactly these attributes, with their names and
 * values; `extra` adds values the caller's condition uses.
 *
 * @example
 * setFields({ name: "Kiwi", updatedAt: now }) // { UpdateExpression: "SET #name = :name, #updatedAt = :updatedAt", … }
 */
export function setFields(fields: Item) {
  const names = Object.keys(fields);
  return {
    UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(", ")}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
  };
}
