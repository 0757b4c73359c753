import * as v from "valibot";
import { nowMs } from "../clock.ts";
import { problemOf } from "../foreign.ts";
import { table } from "../layout/table.ts";
import { currentRequestId } from "../log.ts";

/**
 * Stored kinds: each kind of item the table holds (a product, a slug, an order, a hold, a stats
 * counter…) is declared once, with `defineKind`, in its entity's `*.records.ts`: its key builder, the
 * key attributes of its item, its record type and the decoder that turns a raw item into that record,
 * failing loudly with the kind's name (docs/decisions/025-stored-kinds.md).
 *
 * Every write is an `Action` built by a kind, so the rules of counted kinds cannot be forgotten
 * (docs/decisions/020-exact-rebuild.md): an update of a counted item moves its revision (`rev`), and a
 * delete of one leaves a tombstone in the same transaction. db/'s operations take nothing else.
 */

/** A stored item: attribute name → value, as the document client reads it. */
export type Item = Record<string, unknown>;
/** A primary key: partition and sort key values. */
export type Key = Record<string, string>;

/** A stored item that does not have its kind's shape: an old, hand-edited or corrupt item. */
export class StoredItemError extends Error {
  override name = "StoredItemError";
  constructor(kind: string, item: Item, problem: string) {
    const where = `${String(item[table.partitionKey] ?? "?")} / ${String(item[table.sortKey] ?? "?")}`;
    super(`Stored ${kind} item ${where} is malformed: ${problem}`);
  }
}

/** The expressions of one write, without key and table name (those come from the kind and db/). */
export interface Expressions {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export interface UpdateExpressions extends Expressions {
  UpdateExpression: string;
  ReturnValues?: "ALL_NEW" | "ALL_OLD";
  ReturnValuesOnConditionCheckFailure?: "ALL_OLD";
}

declare const built: unique symbol;

/**
 * One write of a TransactWriteItems or a single-item operation, as only a kind builds it (the brand
 * keeps hand-made writes out of db/). `kind` names the kind for errors and logs.
 */
export type Action = { readonly kind: string; readonly [built]: true } & (
  | { readonly Put: Expressions & { Item: Item } }
  | { readonly Update: UpdateExpressions & { Key: Key } }
  | { readonly Delete: Expressions & { Key: Key } }
  | { readonly ConditionCheck: Expressions & { Key: Key; ConditionExpression: string } }
);
export type PutAction = Extract<Action, { Put: unknown }>;
export type UpdateAction = Extract<Action, { Update: unknown }>;
export type DeleteAction = Extract<Action, { Delete: unknown }>;
type CheckAction = Extract<Action, { ConditionCheck: unknown }>;

const brand = <A extends Action>(action: Omit<A, typeof built>): A => action as A;

/**
 * The revision attribute of counted items (docs/decisions/020-exact-rebuild.md): absent on a new item
 * (= 0), +1 on every update, so a stream record's new image tells which write it carries.
 */
export const REVISION = "rev";

/** Placeholders of the revision's ADD, named so no store's own names collide with them. */
const REV_NAME = "#countedRev";
const REV_ONE = ":countedRevOne";

/**
 * The update with `ADD rev 1` merged in (into its ADD clause when it has one).
 *
 * @example
 * withRevision({ UpdateExpression: "SET a = :a" }).UpdateExpression // "SET a = :a ADD #countedRev :countedRevOne"
 */
export function withRevision<U extends UpdateExpressions>(update: U): U {
  const addClause = /(^|\s)ADD\s/i.exec(update.UpdateExpression);
  const revision = `${REV_NAME} ${REV_ONE}`;
  const UpdateExpression = addClause
    ? `${update.UpdateExpression.slice(0, addClause.index + addClause[0].length)}${revision}, ${update.UpdateExpression.slice(addClause.index + addClause[0].length)}`
    : `${update.UpdateExpression} ADD ${revision}`;
  return {
    ...update,
    UpdateExpression,
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, [REV_NAME]: REVISION },
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, [REV_ONE]: 1 },
  };
}

/**
 * The request id attribute of counted items (orders, users, products — the kinds that reach the
 * stream): the id of the request, stream batch or sweep run that wrote the item last
 * (packages/core/src/log.ts), set when a write is built inside one. The stream handler logs it as
 * `causedBy`, so one id leads from an API request's lines to the stream's lines about its writes.
 * Records never read it (decoders drop it).
 */
export const REQUEST_ID = "reqId";
const REQ_NAME = "#writtenByRequest";
const REQ_VALUE = ":writtenByRequest";

/** The update with `SET reqId = <the current request id>` merged in, when there is one. */
function withRequestId<U extends UpdateExpressions>(update: U): U {
  const requestId = currentRequestId();
  if (!requestId) return update;
  const setClause = /(^|\s)SET\s/i.exec(update.UpdateExpression);
  const assignment = `${REQ_NAME} = ${REQ_VALUE}`;
  const UpdateExpression = setClause
    ? `${update.UpdateExpression.slice(0, setClause.index + setClause[0].length)}${assignment}, ${update.UpdateExpression.slice(setClause.index + setClause[0].length)}`
    : `${update.UpdateExpression} SET ${assignment}`;
  return {
    ...update,
    UpdateExpression,
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, [REQ_NAME]: REQUEST_ID },
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, [REQ_VALUE]: requestId },
  };
}

/** A counted item as put, with the current request id when there is one. */
function stampedItem(item: Item): Item {
  const requestId = currentRequestId();
  return requestId ? { ...item, [REQUEST_ID]: requestId } : item;
}

/**
 * A tombstone outlives the stream's 24-hour retention, so a rebuild's scan finds every counted item
 * removed while a record of it may still be applied; TTL deletion is lazy, which only keeps it longer.
 */
export const TOMBSTONE_LIFETIME_SECONDS = 48 * 60 * 60;

/** The partition of tombstones (docs/data-model.md: `TOMBSTONES` / `<pk>|<sk>`, pattern 26). */
export const TOMBSTONE_PARTITION = "TOMBSTONES";

/** The tombstone key of a counted item's key. */
export const tombstoneKey = (key: Key): Key => ({
  [table.partitionKey]: TOMBSTONE_PARTITION,
  [table.sortKey]: `${key[table.partitionKey]}|${key[table.sortKey]}`,
});

/** The item key a tombstone stands for, or undefined when the item is not a tombstone. */
export function tombstonedKey(item: Item): Key | undefined {
  const pk = item[table.partitionKey];
  const sk = item[table.sortKey];
  if (pk !== TOMBSTONE_PARTITION || typeof sk !== "string") return undefined;
  const at = sk.lastIndexOf("|");
  return at > 0 ? { [table.partitionKey]: sk.slice(0, at), [table.sortKey]: sk.slice(at + 1) } : undefined;
}

const tombstonePut = (key: Key, nowSeconds = Math.floor(nowMs() / 1000)): PutAction =>
  brand<PutAction>({
    kind: "tombstone",
    Put: { Item: { ...tombstoneKey(key), expiresAt: nowSeconds + TOMBSTONE_LIFETIME_SECONDS } },
  });

/** How a kind is declared. */
export interface KindSpec<S extends v.GenericSchema, Args extends unknown[]> {
  /** The kind's name, as errors and docs/data-model.md say it ("product", "order hold", …). */
  name: string;
  /** The record's attributes (key attributes are not part of it). */
  schema: S;
  /** The primary key of one item. */
  key: (...args: Args) => Key;
  /**
   * Every key attribute a whole item carries (primary and index keys, and the derived text a list's
   * search filters read), from its record; absent for kinds whose key is not in their record (a
   * uniqueness item, a counter), which are put with `putAt`.
   */
  keys?: (record: v.InferOutput<S>) => Key;
  /**
   * Counted by the dashboard's stream (docs/decisions/020-exact-rebuild.md): updates move `rev`,
   * deletes leave tombstones, and its items pass the stream filters (`partitionPrefix` + `sortKey`).
   */
  counted?: { partitionPrefix: string; sortKey: string };
}

/** A declared kind: its key builder, decoder and the writes of its items. */
export interface Kind<R, Args extends unknown[], Input = R> {
  readonly name: string;
  readonly counted: { partitionPrefix: string; sortKey: string } | undefined;
  /** The primary key of one item. */
  readonly key: (...args: Args) => Key;
  /** The whole item of a record: its key attributes and its attributes. */
  item(record: R): Item;
  /** The record of a raw item; throws StoredItemError naming the kind when it is malformed. */
  decode(item: Item): R;
  /** `decode`, for what a read may not have found. */
  decodeFound(item: Item | undefined): R | undefined;
  /** A part of the record (a projected read), validated against `schema` (e.g. `v.pick(kind.schema, …)`). */
  decodePart<S extends v.GenericSchema>(schema: S, item: Item): v.InferOutput<S>;
  /** True when the item's primary key has this kind's shape (counted kinds only; others answer false). */
  holds(item: Item): boolean;
  /** Put the whole item of a record. */
  put(record: R, expressions?: Expressions): PutAction;
  /** Put a record at this key (kinds whose key is not in their record); defaults may be left out. */
  putAt(key: Key, record: Input, expressions?: Expressions): PutAction;
  /** Update one item (counted: its revision moves). */
  update(key: Key, update: UpdateExpressions): UpdateAction;
  /** Delete one item (counted: with its tombstone, so always a transaction's actions). */
  delete(key: Key, expressions?: Expressions): Action[];
  /** A condition on one item in a transaction. */
  check(key: Key, condition: Expressions & { ConditionExpression: string }): Action;
}

/**
 * Declares a stored kind (see the top of this file).
 *
 * @example
 * export const slugKind = defineKind({
 *   name: "slug",
 *   schema: v.object({ productId: v.string() }),
 *   key: (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),
 * });
 * await transact([slugKind.putAt(slugKind.key("kiwi"), { productId }, { ConditionExpression: notExists() })]);
 */
export function defineKind<S extends v.GenericSchema, Args extends unknown[]>(
  spec: KindSpec<S, Args>,
): Kind<v.InferOutput<S>, Args, v.InferInput<S>> {
  type R = v.InferOutput<S>;
  const counted = spec.counted;
  const decodeWith = <T extends v.GenericSchema>(schema: T, item: Item): v.InferOutput<T> => {
    const result = v.safeParse(schema, item);
    if (!result.success) throw new StoredItemError(spec.name, item, problemOf(result.issues));
    return result.output;
  };
  const decode = (item: Item): R => decodeWith(spec.schema, item);
  const putItem = (item: Item, expressions: Expressions = {}): PutAction =>
    brand<PutAction>({ kind: spec.name, Put: { ...expressions, Item: counted ? stampedItem(item) : item } });
  const keysOf = (record: R): Key => {
    if (!spec.keys) throw new Error(`The ${spec.name} kind is put with putAt: its key is not in its record`);
    return spec.keys(record);
  };
  return {
    name: spec.name,
    counted,
    key: spec.key,
    item: (record) => ({ ...keysOf(record), ...(record as Item) }),
    decode,
    decodeFound: (item) => (item === undefined ? undefined : decode(item)),
    decodePart: decodeWith,
    holds: (item) => {
      if (!counted) return false;
      const pk = item[table.partitionKey];
      return (
        typeof pk === "string" &&
        pk.startsWith(counted.partitionPrefix) &&
        item[table.sortKey] === counted.sortKey
      );
    },
    put: (record, expressions) => putItem({ ...keysOf(record), ...(record as Item) }, expressions),
    putAt: (key, record, expressions) => putItem({ ...key, ...(record as Item) }, expressions),
    update: (key, update) =>
      brand<UpdateAction>({
        kind: spec.name,
        Update: { ...(counted ? withRequestId(withRevision(update)) : update), Key: key },
      }),
    delete: (key, expressions = {}) => [
      brand<DeleteAction>({ kind: spec.name, Delete: { ...expressions, Key: key } }),
      ...(counted ? [tombstonePut(key)] : []),
    ],
    check: (key, condition) =>
      brand<CheckAction>({ kind: spec.name, ConditionCheck: { ...condition, Key: key } }),
  };
}

/** The key of an item (its primary key attributes only). */
export const keyOf = (item: Item): Key => ({
  [table.partitionKey]: String(item[table.partitionKey]),
  [table.sortKey]: String(item[table.sortKey]),
});
