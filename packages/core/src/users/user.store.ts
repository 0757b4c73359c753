import { batchGet } from "../db/batch.ts";
import { exists, notExists } from "../db/conditions.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { deleteItem, getItem, type Item, putItem, setFields, updateItem } from "../db/items.ts";
import { inPartition } from "../db/key-conditions.ts";
import { queryAll } from "../db/query.ts";
import type { Action } from "../db/transact.ts";
import { deleteWithUnique, putWithUnique, type SwapOutcome, updateSwappingUnique } from "../db/unique.ts";
import { tombstonePut } from "../stats/tombstone.ts";
import { userKeys } from "./user.keys.ts";

/**
 * Storage of accounts (docs/data-model.md: User, Email and Sign-in throttle items, patterns 9-13):
 * every command and key expression of a user lives here; users/index.ts, caller.ts, first-admin.ts
 * and sign-in-throttle.ts hold the rules.
 */

/** A user's stored attributes (keys are added here). `email` is trimmed and lowercased. */
export type UserRecord = {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
};

/** Attributes a change may write (always with a new `updatedAt`). */
export type UserChanges = Partial<
  Pick<UserRecord, "name" | "email" | "passwordHash" | "isAdmin" | "tokenVersion">
>;

const emailOf = (email: string, userId: string) => ({
  key: userKeys.email(email),
  ownerAttribute: "userId",
  ownerId: userId,
});

/** Pattern 9: one user item, strongly consistent. */
const get = (id: string): Promise<Item | undefined> => getItem(userKeys.item(id));

/** Pattern 10: the user item of this (lowercased) email, through its email item. */
async function getByEmail(email: string): Promise<Item | undefined> {
  const pointer = await getItem(userKeys.email(email));
  return pointer ? get(pointer.userId as string) : undefined;
}

/** Pattern 12: every user item, newest first. */
const listAll = (): Promise<Item[]> =>
  queryAll(inPartition({ pk: userKeys.allPartition, index: "gsi1", descending: true }));

/** `{ _id, name }` of each user id that still exists (one batch read of two attributes, never a hash). */
async function namesById(userIds: readonly string[]): Promise<Map<string, { _id: string; name: string }>> {
  const items = await batchGet(
    [...new Set(userIds)].map((id) => userKeys.item(id)),
    { projection: "id, #name", names: { "#name": "name" } },
  );
  return new Map(
    items.map((item) => [item.id as string, { _id: item.id as string, name: item.name as string }]),
  );
}

/** Puts a new account with its email item (pattern 11): `taken` when the email has an account. */
function create(record: UserRecord): Promise<"created" | "taken"> {
  const item = { ...userKeys.item(record.id), ...userKeys.listIndex(record.id), ...record };
  return putWithUnique(item, emailOf(record.email, record.id));
}

/**
 * Writes changed attributes of the user read as `item`, conditioned on the email read (so two
 * concurrent email changes cannot both win) and, when `tokenVersion` changes, on the version read
 * (of two concurrent password changes one wins). A new email swaps the email items in the same
 * transaction (`taken` when it has an account). Returns the outcome and the item as written.
 */
async function update(item: Item, changes: UserChanges): Promise<{ outcome: SwapOutcome; next: Item }> {
  const id = item.id as string;
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const next: Item = { ...item, ...sent, updatedAt: new Date().toISOString() };
  const set = setFields({ ...sent, updatedAt: next.updatedAt });
  // Items written before `tokenVersion` existed hold none: their version is 0 (caller.ts).
  const versionRead = changes.tokenVersion === undefined ? undefined : item.tokenVersion;
  const sameVersion =
    changes.tokenVersion === undefined
      ? ""
      : versionRead === undefined
        ? " AND attribute_not_exists(#tokenVersion)"
        : " AND #tokenVersion = :currentTokenVersion";
  const write = {
    Key: userKeys.item(id),
    ...set,
    ConditionExpression: `${exists()} AND #email = :currentEmail${sameVersion}`,
    ExpressionAttributeNames: { ...set.ExpressionAttributeNames, "#email": "email" },
    ExpressionAttributeValues: {
      ...set.ExpressionAttributeValues,
      ":currentEmail": item.email,
      ...(versionRead === undefined ? {} : { ":currentTokenVersion": versionRead }),
    },
  };
  const swap = { from: emailOf(item.email as string, id), to: emailOf(next.email as string, id) };
  return { outcome: await updateSwappingUnique(write, swap), next };
}

/**
 * A transaction action that holds only while the user exists with this token version (an item
 * written before versions existed counts as 0, as in caller.ts) and this name: a write that needs
 * the caller's session to be valid when it commits carries it instead of reading the user first
 * (docs/decisions/021-placement-checks-the-caller.md).
 */
function sessionCheck(id: string, session: { tokenVersion: number; name: string }): Action {
  const version =
    session.tokenVersion === 0
      ? "(attribute_not_exists(#tokenVersion) OR #tokenVersion = :tokenVersion)"
      : "#tokenVersion = :tokenVersion";
  return {
    ConditionCheck: {
      Key: userKeys.item(id),
      ConditionExpression: `${exists()} AND ${version} AND #name = :name`,
      ExpressionAttributeNames: { "#tokenVersion": "tokenVersion", "#name": "name" },
      ExpressionAttributeValues: { ":tokenVersion": session.tokenVersion, ":name": session.name },
    },
  };
}

/** Makes the user an administrator if it still has this email; false when it was deleted or renamed. */
async function promote(id: string, email: string): Promise<boolean> {
  try {
    await updateItem({
      Key: userKeys.item(id),
      UpdateExpression: "SET isAdmin = :yes, updatedAt = :now",
      ConditionExpression: `${exists()} AND email = :email`,
      ExpressionAttributeValues: { ":yes": true, ":now": new Date().toISOString(), ":email": email },
    });
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Deletes the user and its email item if it still has this email (`changed` otherwise), leaving a
 * tombstone for the stats rebuild (docs/decisions/020-exact-rebuild.md).
 */
const remove = (id: string, email: string): Promise<"deleted" | "changed"> =>
  deleteWithUnique(
    {
      Key: userKeys.item(id),
      ConditionExpression: "email = :email",
      ExpressionAttributeValues: { ":email": email },
    },
    emailOf(email, id),
    [tombstonePut(userKeys.item(id))],
  );

/**
 * Pattern 13: counts one more attempt in the email's open throttle window, only while the window
 * started after `cutoff` and has fewer than `max` attempts. When refused, `windowStart` is the start
 * of the window that refused it (absent when there is no window).
 */
async function countSignInAttempt(
  email: string,
  { cutoff, max }: { cutoff: number; max: number },
): Promise<{ counted: boolean; windowStart?: number }> {
  try {
    await updateItem({
      Key: userKeys.signInThrottle(email),
      UpdateExpression: "ADD failures :one",
      ConditionExpression: `${exists()} AND windowStart > :cutoff AND failures < :max`,
      ExpressionAttributeValues: { ":one": 1, ":cutoff": cutoff, ":max": max },
      ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    });
    return { counted: true };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const windowStart = refusedWindowStart(error);
    return windowStart === undefined ? { counted: false } : { counted: false, windowStart };
  }
}

/**
 * The window start of the item a refused conditional write reports (ReturnValuesOnConditionCheckFailure
 * answers it in DynamoDB's wire format, `{ N: "…" }`, which the document client leaves as it is).
 */
function refusedWindowStart(error: unknown): number | undefined {
  const start = (error as { Item?: { windowStart?: { N?: string } } }).Item?.windowStart?.N;
  return start === undefined ? undefined : Number(start);
}

/**
 * Opens a new throttle window with this attempt counted, only when there is none or it started at
 * or before `cutoff`; false when another attempt opened one meanwhile. The item expires (TTL) at
 * `expiresAt`.
 */
async function openSignInWindow(
  email: string,
  { now, cutoff, expiresAt }: { now: number; cutoff: number; expiresAt: number },
): Promise<boolean> {
  try {
    await putItem({
      Item: { ...userKeys.signInThrottle(email), failures: 1, windowStart: now, expiresAt },
      ConditionExpression: `${notExists()} OR windowStart <= :cutoff`,
      ExpressionAttributeValues: { ":cutoff": cutoff },
    });
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Deletes the email's throttle window. */
const clearSignInWindow = (email: string): Promise<void> =>
  deleteItem({ Key: userKeys.signInThrottle(email) });

/** The user store (see the top of this file). */
export const userStore = {
  get,
  getByEmail,
  listAll,
  namesById,
  sessionCheck,
  create,
  update,
  promote,
  remove,
  countSignInAttempt,
  openSignInWindow,
  clearSignInWindow,
};
