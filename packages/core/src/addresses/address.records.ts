import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind, type Item } from "../db/kind.ts";
import { table } from "../layout/table.ts";
import { StoredAddressSchema } from "../orders/order.records.ts";

/**
 * The stored kinds of saved addresses (docs/data-model.md: Saved address and Address book items,
 * pattern 61), in the user's partition so that one query reads them all, strongly consistent:
 *
 * - saved address: pk USER#<userId>, sk ADDRESS#<id>
 * - address book:  pk USER#<userId>, sk ADDRESSES → count, defaultId
 *
 * The book is the one item every add, change of default and removal updates in its transaction: its
 * `count` is what keeps a shopper to MAX_SAVED_ADDRESSES under concurrent adds, and its `defaultId`
 * is the default, so exactly one address is the default by construction (docs/decisions/048-saved-addresses.md).
 */

const USER_PREFIX = "USER#";
const ADDRESS_PREFIX = "ADDRESS#";
/** Sorts after every `ADDRESS#…` and shares their prefix: one begins_with query reads the book too. */
const BOOK_SK = "ADDRESSES";

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const SavedAddressRecordSchema = v.object({
  id: v.string(),
  ...StoredAddressSchema.entries,
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type SavedAddressRecord = v.InferOutput<typeof SavedAddressRecordSchema>;

export const addressKind = defineKind({
  name: "saved address",
  schema: SavedAddressRecordSchema,
  key: (userId: string, id: string) => ({ pk: `${USER_PREFIX}${userId}`, sk: `${ADDRESS_PREFIX}${id}` }),
});

export const AddressBookSchema = v.object({ count, defaultId: v.optional(v.string()) });
export type AddressBook = v.InferOutput<typeof AddressBookSchema>;

export const addressBookKind = defineKind({
  name: "address book",
  schema: AddressBookSchema,
  key: (userId: string) => ({ pk: `${USER_PREFIX}${userId}`, sk: BOOK_SK }),
});

/** True for the book among the items of pattern 61 (the rest are addresses). */
export const isBookItem = (item: Item): boolean => item[table.sortKey] === BOOK_SK;

/** The access patterns of saved addresses by name (docs/data-model.md numbers them). */
export const addressPatterns = {
  /** Pattern 61: a user's addresses (oldest first) and, last, their book. */
  ofUser: (userId: string) => inPartition({ pk: `${USER_PREFIX}${userId}`, skBeginsWith: "ADDRESS" }),
};
