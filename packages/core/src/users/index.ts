import bcrypt from "bcryptjs";
import * as v from "valibot";
import { addressStore } from "../addresses/address.store.ts";
import { nowIso } from "../clock.ts";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_LOCALE } from "../i18n/locale.ts";
import { isId, newId } from "../ids.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import type { Caller } from "./caller.ts";
import { assertPassword, BCRYPT_COST, passwordMatches } from "./password.ts";
import { giveBackSignInAttempt, reserveSignInAttempt } from "./sign-in-throttle.ts";
import { signToken } from "./token.ts";
import type {
  AdminUser,
  AdminUserUpdate,
  ProfileInput,
  SignInInput,
  SignUpInput,
  UserInfo,
  UserListQuery,
} from "./user.schema.ts";
import { type UserChanges, type UserRecord, userStore } from "./user.store.ts";

export { BCRYPT_COST } from "./password.ts";

const notFound = () => new AppError("NOT_FOUND", "User Not Found");
const emailTaken = () => new AppError("EMAIL_TAKEN", "Email already in use");
const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", "Invalid email or password");

const getUserItem = (id: string) => (isId(id) ? userStore.get(id) : Promise.resolve(undefined));

/** A stored user → the admin view (never the hash). */
export const toAdminUser = (user: UserRecord): AdminUser => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  isAdmin: user.isAdmin,
});

const toUserInfo = async (user: UserRecord): Promise<UserInfo> => ({
  ...toAdminUser(user),
  locale: user.locale ?? DEFAULT_LOCALE,
  token: await signToken(user.id, user.tokenVersion, user.name, user.locale),
});

/**
 * Creates an account; 409 when the email has one. Signup calls it with `isAdmin: false`; only the
 * seed, `npm run stage:init` and test fixtures create administrators directly. The email's
 * uniqueness item is written in the same transaction. `bcryptCost` exists for test fixtures only (a
 * cost-10 hash takes ~0.5 s with bcryptjs here); every request path uses BCRYPT_COST.
 *
 * @example
 * const admin = await create({ name: "Admin", email: "admin@example.com", password: "admin1234", isAdmin: true });
 */
export async function create(
  input: SignUpInput & { isAdmin?: boolean },
  { bcryptCost = BCRYPT_COST }: { bcryptCost?: number } = {},
): Promise<AdminUser> {
  assertPassword(input.password);
  const id = newId();
  const now = nowIso();
  const record: UserRecord = {
    id,
    name: input.name,
    email: input.email.trim().toLowerCase(),
    passwordHash: await bcrypt.hash(input.password, Math.max(4, bcryptCost)),
    isAdmin: input.isAdmin === true,
    ...(input.locale ? { locale: input.locale } : {}),
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
  if ((await userStore.create(record)) === "taken") throw emailTaken();
  return toAdminUser(record);
}

/** The account of this email, if there is one (any case, surrounding spaces ignored). */
export async function findByEmail(email: string): Promise<AdminUser | undefined> {
  const normalised = email.trim().toLowerCase();
  const item = normalised ? await userStore.getByEmail(normalised) : undefined;
  return item ? toAdminUser(item) : undefined;
}

/** POST /api/users/signup: a customer account (never an admin) and its token. */
export async function signUp(input: SignUpInput): Promise<UserInfo> {
  const user = await create({
    name: input.name,
    email: input.email,
    password: input.password,
    isAdmin: false,
    locale: input.locale,
  });
  // A new account is at token version 0 (create).
  return {
    ...user,
    locale: input.locale ?? DEFAULT_LOCALE,
    token: await signToken(user._id, 0, user.name, input.locale),
  };
}

/**
 * POST /api/users/signin. Unknown email and wrong password answer the same 401. Every attempt first
 * takes its place in the email's throttle window (429, before any password is compared, once the
 * window is used up); a wrong password leaves it counted, a right one gives back its own place and
 * nothing more (users/sign-in-throttle.ts).
 */
export async function signIn(input: SignInInput): Promise<UserInfo> {
  const email = input.email.trim().toLowerCase();
  const place = await reserveSignInAttempt(email);
  const item = email ? await userStore.getByEmail(email) : undefined;
  if (!(await passwordMatches(input.password, item?.passwordHash)) || !item) throw invalidCredentials();
  await giveBackSignInAttempt(email, place);
  return toUserInfo(item);
}

/**
 * Writes changed fields of a user (user.store.ts: conditioned on the email and token version read, a
 * new email swapping the uniqueness items): 409 when the email is taken or the account changed since
 * it was read.
 */
async function applyChanges(item: UserRecord, changes: UserChanges): Promise<UserRecord> {
  const { outcome, next } = await userStore.update(item, changes);
  if (outcome === "taken") throw emailTaken();
  if (outcome === "changed")
    throw new AppError("CHANGED_MEANWHILE", "The account changed meanwhile, please try again");
  return next;
}

/**
 * PUT /api/users/profile: the caller's own name, email, password and/or language (`locale`, the
 * language of their mails and orders: docs/decisions/050-i18n-formatjs.md); answers a fresh token. A new
 * password raises the user's token version, which revokes every token issued before it (other
 * sessions, a stolen token); the fresh token answered carries the new version, so the session that
 * made the change keeps working (docs/decisions/009-token-revocation.md).
 */
export async function updateProfile(caller: Pick<Caller, "_id">, input: ProfileInput): Promise<UserInfo> {
  const item = await getUserItem(caller._id);
  if (!item) throw notFound();
  const changes: UserChanges = { name: input.name, email: input.email, locale: input.locale };
  if (input.password !== undefined) {
    assertPassword(input.password);
    changes.passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
    changes.tokenVersion = item.tokenVersion + 1;
  }
  return toUserInfo(await applyChanges(item, changes));
}

/**
 * GET /api/users (admin): a page of the accounts, newest first, optionally those whose name or e-mail
 * holds `q`, any case (docs/decisions/026-bounded-lists.md).
 */
export async function list(query: UserListQuery = {}): Promise<ListAnswer<AdminUser>> {
  const scope = { list: "users", filters: { q: query.q } };
  const start = query.cursor
    ? decodeCursor(query.cursor, scope, v.record(v.string(), v.string()))
    : undefined;
  const page = await userStore.listPage({
    limit: query.limit ?? LIST_LIMIT_DEFAULT,
    q: query.q,
    ...(start ? { start } : {}),
  });
  return {
    items: page.items.map(toAdminUser),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** GET /api/users/{id} (admin); 404 when missing or not one of our ids. */
export async function fromId(id: string): Promise<AdminUser> {
  const item = await getUserItem(id);
  if (!item) throw notFound();
  return toAdminUser(item);
}

/** PUT /api/users/{id} (admin): exactly the fields sent. An admin cannot demote themself. */
export async function update(caller: Caller, id: string, input: AdminUserUpdate): Promise<AdminUser> {
  if (id === caller._id && input.isAdmin === false) {
    throw new AppError("OWN_ACCOUNT", "You cannot remove your own admin rights");
  }
  const item = await getUserItem(id);
  if (!item) throw notFound();
  return toAdminUser(
    await applyChanges(item, { name: input.name, email: input.email, isAdmin: input.isAdmin }),
  );
}

/**
 * DELETE /api/users/{id} (admin): removes the user, its email item and its saved addresses in one
 * transaction; their orders stay (shown as a deleted user). An admin cannot delete themself.
 */
export async function remove(caller: Caller, id: string): Promise<void> {
  if (id === caller._id) throw new AppError("OWN_ACCOUNT", "You cannot delete your own account");
  await retrying(
    "changedMeanwhile",
    async () => {
      const item = await getUserItem(id);
      if (!item) throw notFound();
      // The email changed, or an address was saved, between the read and the delete: read again and retry.
      const addresses = await addressStore.removalOf(id);
      return (await userStore.remove(id, item.email, addresses)) === "deleted" ? undefined : AGAIN;
    },
    giveUp(() => new AppError("CHANGED_MEANWHILE", "The account changed meanwhile, please try again")),
  );
}
