import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { LOCALES } from "../i18n/locale.ts";

/**
 * The stored kinds of accounts (docs/data-model.md: User, Email and Sign-in throttle items, patterns
 * 9-13), each declared once (db/kind.ts).
 *
 * - user:             pk USER#<id>, sk USER; gsi1 USERS / <id>   (counted)
 * - email (unique):   pk EMAIL#<lowercased email>, sk EMAIL → userId (finds the user by email)
 * - sign-in throttle: pk SIGNIN#<lowercased email>, sk SIGNIN (TTL)
 */

const USER_PREFIX = "USER#";
const USER_SK = "USER";
/** The gsi1 partition of every user. */
const ALL_PARTITION = "USERS";

const count = v.pipe(v.number(), v.integer());

/** A user as stored. `email` is trimmed and lowercased. */
export const UserRecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  passwordHash: v.string(),
  isAdmin: v.boolean(),
  /** The account's language (docs/decisions/050-i18n-formatjs.md); absent on accounts from before it: `en`. */
  locale: v.optional(v.picklist(LOCALES)),
  /** 0 when created, +1 on each password change: tokens of an older version are revoked (decision 009). */
  tokenVersion: count,
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Moved by every update (db/kind.ts); absent on a new item. */
  rev: v.optional(count),
});
export type UserRecord = v.InferOutput<typeof UserRecordSchema>;

export const userKind = defineKind({
  name: "user",
  schema: UserRecordSchema,
  key: (id: string) => ({ pk: `${USER_PREFIX}${id}`, sk: USER_SK }),
  keys: (user) => ({
    pk: `${USER_PREFIX}${user.id}`,
    sk: USER_SK,
    gsi1pk: ALL_PARTITION,
    gsi1sk: user.id,
    search: userSearchText(user),
  }),
  counted: { partitionPrefix: USER_PREFIX, sortKey: USER_SK },
});

/** The email's uniqueness item, which also finds the account by email (patterns 10 and 11). */
export const emailKind = defineKind({
  name: "email",
  schema: v.object({ userId: v.string() }),
  key: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: "EMAIL" }),
});

/** Sign-in attempts of one email in its window (pattern 13); TTL `expiresAt`. */
export const signInThrottleKind = defineKind({
  name: "sign-in throttle",
  schema: v.object({ failures: count, windowStart: count, expiresAt: count }),
  key: (email: string) => ({ pk: `SIGNIN#${email.toLowerCase()}`, sk: "SIGNIN" }),
});

/**
 * What the admin's user search matches (docs/decisions/026-bounded-lists.md): the name and e-mail,
 * lowercased, stored on the user as `search` and rewritten with either.
 */
export const userSearchText = (user: { name: string; email: string }): string =>
  `${user.name}\n${user.email}`.toLowerCase();

/** The access patterns of users by name (docs/data-model.md numbers them). */
export const userPatterns = {
  /** Pattern 12: every user, newest first. */
  all: () => inPartition({ pk: ALL_PARTITION, index: "gsi1", descending: true }),
};
