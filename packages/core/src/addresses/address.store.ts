import { exists, notExists } from "../db/conditions.ts";
import { getItem } from "../db/items.ts";
import type { Action } from "../db/kind.ts";
import { queryAll } from "../db/query.ts";
import { tryTransact } from "../db/transact.ts";
import {
  type AddressBook,
  addressBookKind,
  addressKind,
  addressPatterns,
  isBookItem,
  type SavedAddressRecord,
} from "./address.records.ts";
import { MAX_SAVED_ADDRESSES } from "./address.schema.ts";

/**
 * Storage of saved addresses (docs/data-model.md: Saved address and Address book items, pattern 61):
 * every command of theirs lives here; addresses/index.ts holds the rules. Each write is one
 * transaction of the address and its book (address.records.ts says why the book).
 */

/** What a shopper has saved: the addresses (oldest first) and the book, absent before the first. */
export interface Shelf {
  addresses: SavedAddressRecord[];
  book: AddressBook | undefined;
}

/** A write refused: `lost` a race (try again), or the condition of the named part failed. */
type Refusal<R extends string> = "lost" | R;

/** Pattern 61: one strongly consistent query reads the addresses and the book. */
async function read(userId: string): Promise<Shelf> {
  const items = await queryAll(addressPatterns.ofUser(userId));
  const bookItem = items.find(isBookItem);
  return {
    addresses: items.filter((item) => !isBookItem(item)).map(addressKind.decode),
    book: addressBookKind.decodeFound(bookItem),
  };
}

/** The address's put, its own fields only (its id is in its key and in the record). */
const putAddress = (userId: string, record: SavedAddressRecord, condition: string): Action =>
  addressKind.putAt(addressKind.key(userId, record.id), record, { ConditionExpression: condition });

/**
 * Adds an address: the book counts it, conditioned on holding fewer than MAX_SAVED_ADDRESSES (so
 * concurrent adds never pass the limit), and names it the default when asked or when there is none.
 */
async function add(
  userId: string,
  record: SavedAddressRecord,
  makeDefault: boolean,
): Promise<"added" | Refusal<"full">> {
  const book = addressBookKind.update(addressBookKind.key(userId), {
    UpdateExpression: `SET #count = if_not_exists(#count, :zero) + :one, #default = ${makeDefault ? ":id" : "if_not_exists(#default, :id)"}`,
    ConditionExpression: `${notExists()} OR #count < :max`,
    ExpressionAttributeNames: { "#count": "count", "#default": "defaultId" },
    ExpressionAttributeValues: { ":zero": 0, ":one": 1, ":id": record.id, ":max": MAX_SAVED_ADDRESSES },
  });
  const cancelled = await tryTransact([book, putAddress(userId, record, notExists())]);
  if (!cancelled) return "added";
  if (cancelled.failed(book)) return "full";
  if (cancelled.retryable) return "lost";
  throw cancelled.error;
}

/** Replaces an address that exists, and makes it the default in the same transaction when asked. */
async function replace(
  userId: string,
  record: SavedAddressRecord,
  makeDefault: boolean,
): Promise<"replaced" | Refusal<"missing">> {
  const address = putAddress(userId, record, exists());
  const book = addressBookKind.update(addressBookKind.key(userId), {
    UpdateExpression: "SET #default = :id",
    ConditionExpression: exists(),
    ExpressionAttributeNames: { "#default": "defaultId" },
    ExpressionAttributeValues: { ":id": record.id },
  });
  const cancelled = await tryTransact(makeDefault ? [address, book] : [address]);
  if (!cancelled) return "replaced";
  if (cancelled.failed(address)) return "missing";
  if (cancelled.retryable) return "lost";
  throw cancelled.error;
}

/**
 * Removes an address read in `shelf`. The book's count drops; when it was the default, `successor`
 * (another address read, which must still exist) becomes it, or — none left — there is none. The
 * book's default must still be the one read: a default changed meanwhile is `changed` (read again).
 */
async function remove(
  userId: string,
  id: string,
  { defaultRead, successor }: { defaultRead: string | undefined; successor: string | undefined },
): Promise<"removed" | Refusal<"missing" | "changed">> {
  const [address] = addressKind.delete(addressKind.key(userId, id), { ConditionExpression: exists() });
  const wasDefault = defaultRead === id;
  const newDefault = wasDefault
    ? successor === undefined
      ? " REMOVE #default"
      : " SET #default = :next"
    : "";
  const book = addressBookKind.update(addressBookKind.key(userId), {
    UpdateExpression: `ADD #count :minusOne${newDefault}`,
    ConditionExpression:
      defaultRead === undefined ? "attribute_not_exists(#default)" : "#default = :defaultRead",
    ExpressionAttributeNames: { "#count": "count", "#default": "defaultId" },
    ExpressionAttributeValues: {
      ":minusOne": -1,
      ...(defaultRead === undefined ? {} : { ":defaultRead": defaultRead }),
      ...(wasDefault && successor !== undefined ? { ":next": successor } : {}),
    },
  });
  const heir =
    wasDefault && successor !== undefined
      ? addressKind.check(addressKind.key(userId, successor), { ConditionExpression: exists() })
      : undefined;
  const actions = [address!, book, ...(heir ? [heir] : [])];
  const cancelled = await tryTransact(actions);
  if (!cancelled) return "removed";
  if (cancelled.failed(address)) return "missing";
  if (cancelled.failed(book) || cancelled.failed(heir)) return "changed";
  if (cancelled.retryable) return "lost";
  throw cancelled.error;
}

/**
 * Keeps `record` as the first address of a shopper who never had a book: the book's put is
 * conditioned on there being none, so of any number of tries (a retried placement, two at once)
 * exactly one writes, and a shopper who saved or deleted addresses before is left as they are.
 */
async function keepFirst(userId: string, record: SavedAddressRecord): Promise<"kept" | Refusal<"has book">> {
  const book = addressBookKind.putAt(
    addressBookKind.key(userId),
    { count: 1, defaultId: record.id },
    { ConditionExpression: notExists() },
  );
  const cancelled = await tryTransact([book, putAddress(userId, record, notExists())]);
  if (!cancelled) return "kept";
  if (cancelled.failed(book)) return "has book";
  if (cancelled.retryable) return "lost";
  throw cancelled.error;
}

/**
 * The deletes of every address and the book of a shopper, for the transaction that deletes their
 * account (users/index.ts): conditioned on the count read, so an address added meanwhile makes the
 * transaction fail (read again) rather than outlive its account.
 */
async function removalOf(userId: string): Promise<Action[]> {
  const { addresses, book } = await read(userId);
  if (!book) return [];
  return [
    ...addresses.flatMap((a) => addressKind.delete(addressKind.key(userId, a.id))),
    ...addressBookKind.delete(addressBookKind.key(userId), {
      ConditionExpression: "#count = :count",
      ExpressionAttributeNames: { "#count": "count" },
      ExpressionAttributeValues: { ":count": book.count },
    }),
  ];
}

/** Whether the shopper has a book (one strongly consistent GetItem). */
const hasBook = async (userId: string): Promise<boolean> =>
  addressBookKind.decodeFound(await getItem(addressBookKind.key(userId))) !== undefined;

/** The address store (see the top of this file). */
export const addressStore = { read, add, replace, remove, keepFirst, hasBook, removalOf };
