import * as v from "valibot";
import { nowIso } from "../clock.ts";
import { batchGet } from "../db/batch.ts";
import { exists, notExists } from "../db/conditions.ts";
import { writtenUnlessRefused } from "../db/errors.ts";
import { getItem, setFields, updateItem } from "../db/items.ts";
import type { Action } from "../db/kind.ts";
import { type ListPage, type Position, queryLimited } from "../db/query.ts";
import {
  deleteWithUnique,
  putWithUnique,
  type SwapOutcome,
  type Uniqueness,
  updateSwappingUnique,
} from "../db/unique.ts";
import type { WindowItem } from "../db/window.ts";
import {
  emailKind,
  signInThrottleKind,
  type UserRecord,
  UserRecordSchema,
  userKind,
  userPatterns,
  userSearchText,
} from "./user.records.ts";

export type { UserRecord } from "./user.records.ts";

/**
 * Storage of accounts (docs/data-model.md: User, Email and Sign-in throttle items, patterns 9-13):
 * every command and key expression of a user lives here; users/index.ts, caller.ts, first-admin.ts
 * and sign-in-throttle.ts hold the rules.
 */

/** Attributes a change may write (always with a new `updatedAt`). */
export type UserChanges = Partial<
  Pick<UserRecord, "name" | "email" | "passwordHash" | "isAdmin" | "tokenVersion" | "locale">
>;

const emailOf = (email: string, userId: string): Uniqueness => ({
  kind: emailKind,
  owner: "userId",
  value: email,
  ownerId: userId,
});

/** Pattern 9: one user, strongly consistent. */
const get = async (id: string): Promise<UserRecord | undefined> =>
  userKind.decodeFound(await getItem(userKind.key(id)));

/** Pattern 10: the user of this (lowercased) email, through its email item. */
async function getByEmail(email: string): Promise<UserRecord | undefined> {
  const pointer = emailKind.decodeFound(await getItem(emailKind.key(email)));
  return pointer ? get(pointer.userId) : undefined;
}

/** Pattern 12: a page of the users, newest first, optionally those whose name or e-mail holds `q` (any case). */
async function listPage({
  limit,
  q,
  start,
}: {
  limit: number;
  q?: string | undefined;
  start?: Position;
}): Promise<ListPage<UserRecord>> {
  const all = userPatterns.all();
  const query = q
    ? {
        ...all,
        FilterExpression: "contains(#search, :q)",
        ExpressionAttributeNames: { "#search": "search" },
        ExpressionAttributeValues: { ...all.ExpressionAttributeValues, ":q": q.toLowerCase() },
      }
    : all;
  const page = await queryLimited(query, { limit, ...(start ? { start } : {}) });
  return { items: page.items.map(userKind.decode), next: page.next };
}

const UserName = v.pick(UserRecordSchema, ["id", "name"]);

/** `{ _id, name }` of each user id that still exists (one batch read of two attributes, never a hash). */
async function namesById(userIds: readonly string[]): Promise<Map<string, { _id: string; name: string }>> {
  const items = await batchGet(
    [...new Set(userIds)].map((id) => userKind.key(id)),
    { projection: "id, #name", names: { "#name": "name" } },
  );
  return new Map(
    items.map((item) => {
      const { id, name } = userKind.decodePart(UserName, item);
      return [id, { _id: id, name }];
    }),
  );
}

/** Puts a new account with its email item (pattern 11): `taken` when the email has an account. */
function create(record: UserRecord): Promise<"created" | "taken"> {
  return putWithUnique(
    userKind.put(record, { ConditionExpression: notExists() }),
    emailOf(record.email, record.id),
  );
}

/**
 * Writes changed attributes of the user read as `user`, conditioned on the email read (so two
 * concurrent email changes cannot both win) and, when `tokenVersion` changes, on the version read
 * (of two concurrent password changes one wins). A new email swaps the email items in the same
 * transaction (`taken` when it has an account). Returns the outcome and the user as written.
 */
async function update(
  user: UserRecord,
  changes: UserChanges,
): Promise<{ outcome: SwapOutcome; next: UserRecord }> {
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const next: UserRecord = { ...user, ...sent, updatedAt: nowIso() };
  const renamed = changes.name !== undefined || changes.email !== undefined;
  const set = setFields({
    ...sent,
    updatedAt: next.updatedAt,
    ...(renamed ? { search: userSearchText(next) } : {}),
  });
  const versionChanges = changes.tokenVersion !== undefined;
  const write = userKind.update(userKind.key(user.id), {
    ...set,
    ConditionExpression: `${exists()} AND #email = :currentEmail${versionChanges ? " AND #tokenVersion = :currentTokenVersion" : ""}`,
    ExpressionAttributeNames: {
      ...set.ExpressionAttributeNames,
      "#email": "email",
      ...(versionChanges ? { "#tokenVersion": "tokenVersion" } : {}),
    },
    ExpressionAttributeValues: {
      ...set.ExpressionAttributeValues,
      ":currentEmail": user.email,
      ...(versionChanges ? { ":currentTokenVersion": user.tokenVersion } : {}),
    },
  });
  const swap = { from: emailOf(user.email, user.id), to: emailOf(next.email, user.id) };
  return { outcome: await updateSwappingUnique(write, swap), next };
}

/**
 * A transaction action that holds only while the user exists with this token version and this name:
 * a write that needs the caller's session to be valid when it commits carries it instead of reading
 * the user first (docs/decisions/021-placement-checks-the-caller.md).
 */
const sessionCheck = (id: string, session: { tokenVersion: number; name: string }): Action =>
  userKind.check(userKind.key(id), {
    ConditionExpression: `${exists()} AND #tokenVersion = :tokenVersion AND #name = :name`,
    ExpressionAttributeNames: { "#tokenVersion": "tokenVersion", "#name": "name" },
    ExpressionAttributeValues: { ":tokenVersion": session.tokenVersion, ":name": session.name },
  });

/** Makes the user an administrator if it still has this email; false when it was deleted or renamed. */
async function promote(id: string, email: string): Promise<boolean> {
  return writtenUnlessRefused(
    updateItem(
      userKind.update(userKind.key(id), {
        UpdateExpression: "SET isAdmin = :yes, updatedAt = :now",
        ConditionExpression: `${exists()} AND email = :email`,
        ExpressionAttributeValues: { ":yes": true, ":now": nowIso(), ":email": email },
      }),
    ),
  );
}

/**
 * Deletes the user (its kind leaves a tombstone, db/kind.ts) and its email item if it still has this
 * email (`changed` otherwise), with `alongside` (the deletes of what the account owns) in the same
 * transaction.
 */
const remove = (
  id: string,
  email: string,
  alongside: readonly Action[] = [],
): Promise<"deleted" | "changed"> =>
  deleteWithUnique(
    [
      ...userKind.delete(userKind.key(id), {
        ConditionExpression: "email = :email",
        ExpressionAttributeValues: { ":email": email },
      }),
      ...alongside,
    ],
    emailOf(email, id),
  );

/** Pattern 13: the email's sign-in throttle window, as db/window.ts counts it (its counter: `failures`). */
const signInWindow = (email: string): WindowItem => {
  const key = signInThrottleKind.key(email);
  return {
    counter: "failures",
    update: (update) => signInThrottleKind.update(key, update),
    open: (window, expressions) => signInThrottleKind.putAt(key, { ...window, failures: 1 }, expressions),
  };
};

/** The user store (see the top of this file). */
export const userStore = {
  get,
  getByEmail,
  listPage,
  namesById,
  sessionCheck,
  create,
  update,
  promote,
  remove,
  signInWindow,
};
