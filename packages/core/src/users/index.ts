import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import bcrypt from "bcryptjs";
import { db, tableName } from "../db/client.ts";
import { cancellationReasons, isConditionalCheckFailure, storageError } from "../db/errors.ts";
import { queryAll } from "../db/query.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { type Caller, tokenVersionOf } from "./caller.ts";
import { assertPassword, BCRYPT_COST, passwordMatches } from "./password.ts";
import { clearSignInFailures, reserveSignInAttempt } from "./sign-in-throttle.ts";
import { signToken } from "./token.ts";
import { userKeys } from "./user.keys.ts";
import type {
  AdminUser,
  AdminUserUpdate,
  ProfileInput,
  SignInInput,
  SignUpInput,
  UserInfo,
} from "./user.schema.ts";

export { BCRYPT_COST } from "./password.ts";

type Item = Record<string, unknown>;
type Changes = {
  name?: string;
  email?: string;
  passwordHash?: string;
  isAdmin?: boolean;
  tokenVersion?: number;
};

const notFound = () => new AppError("not_found", "User Not Found");
const emailTaken = () => new AppError("conflict", "Email already in use");
const invalidCredentials = () => new AppError("unauthenticated", "Invalid email or password");

async function stored<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storageError(error);
  }
}

const getItem = async (Key: Record<string, string>): Promise<Item | undefined> =>
  (await stored(() => db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true })))).Item;

const getUserItem = (id: string) => (isId(id) ? getItem(userKeys.item(id)) : Promise.resolve(undefined));

/** A stored user item → the admin view (never the hash). */
export function toAdminUser(item: Item): AdminUser {
  return {
    _id: item.id as string,
    name: item.name as string,
    email: item.email as string,
    isAdmin: item.isAdmin === true,
  };
}

const toUserInfo = async (item: Item): Promise<UserInfo> => ({
  ...toAdminUser(item),
  token: await signToken(item.id as string, tokenVersionOf(item)),
});

/**
 * A new account's items: the user (with its list-index keys) and its email uniqueness item. Both are
 * put together, each only if absent (`create`, and the local seed, which keeps an existing account).
 * `email` comes normalised (lowercased) and `passwordHash` already hashed.
 */
export function newAccountItems(account: {
  name: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
}) {
  const id = newId();
  const now = new Date().toISOString();
  const user = {
    ...userKeys.item(id),
    ...userKeys.listIndex(id),
    id,
    name: account.name,
    email: account.email,
    passwordHash: account.passwordHash,
    isAdmin: account.isAdmin,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
  return { user, emailItem: { ...userKeys.email(account.email), userId: id } };
}

/**
 * Creates an account. Signup calls it with `isAdmin: false`; only the seed and test fixtures create
 * administrators directly. The email's uniqueness item is written in the same transaction.
 * `bcryptCost` exists for test fixtures only (a cost-10 hash takes ~0.5 s with bcryptjs here); every
 * request path uses BCRYPT_COST.
 *
 * @example
 * const admin = await create({ name: "Admin", email: "admin@example.com", password: "admin1234", isAdmin: true });
 */
export async function create(
  input: SignUpInput & { isAdmin?: boolean },
  { bcryptCost = BCRYPT_COST }: { bcryptCost?: number } = {},
): Promise<AdminUser> {
  assertPassword(input.password);
  const { user: item, emailItem } = newAccountItems({
    name: input.name,
    email: input.email.trim().toLowerCase(),
    passwordHash: await bcrypt.hash(input.password, Math.max(4, bcryptCost)),
    isAdmin: input.isAdmin === true,
  });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } },
          {
            Put: { TableName: tableName(), Item: emailItem, ConditionExpression: "attribute_not_exists(pk)" },
          },
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[1] === "ConditionalCheckFailed") throw emailTaken();
    throw storageError(error);
  }
  return toAdminUser(item);
}

/** POST /api/users/signup: a customer account (never an admin) and its token. */
export async function signUp(input: SignUpInput): Promise<UserInfo> {
  const user = await create({
    name: input.name,
    email: input.email,
    password: input.password,
    isAdmin: false,
  });
  // A new account is at token version 0 (newAccountItems).
  return { ...user, token: await signToken(user._id, 0) };
}

/**
 * POST /api/users/signin. Unknown email and wrong password answer the same 401. Every attempt first
 * takes its place in the email's throttle window (429, before any password is compared, once the
 * window is used up); a wrong password leaves it counted, a right one clears the window.
 */
export async function signIn(input: SignInInput): Promise<UserInfo> {
  const email = input.email.trim().toLowerCase();
  await reserveSignInAttempt(email);
  const pointer = email ? await getItem(userKeys.email(email)) : undefined;
  const item = pointer ? await getUserItem(pointer.userId as string) : undefined;
  if (!(await passwordMatches(input.password, item?.passwordHash)) || !item) throw invalidCredentials();
  await clearSignInFailures(email);
  return toUserInfo(item);
}

/**
 * Writes changed fields of a user. A new email swaps the uniqueness items in the same transaction
 * (409 when taken); the user update is conditioned on the email read, so two concurrent email
 * changes cannot both win. A new `tokenVersion` is likewise conditioned on the version read, so of
 * two concurrent password changes one wins and the other is a 409.
 */
async function applyChanges(item: Item, changes: Changes): Promise<Item> {
  const id = item.id as string;
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const next: Item = { ...item, ...sent, updatedAt: new Date().toISOString() };
  const fields = [...Object.keys(sent), "updatedAt"];
  // Items written before `tokenVersion` existed hold none: their version is 0 (caller.ts).
  const versionRead = changes.tokenVersion === undefined ? undefined : item.tokenVersion;
  const sameVersion =
    changes.tokenVersion === undefined
      ? ""
      : versionRead === undefined
        ? " AND attribute_not_exists(#tokenVersion)"
        : " AND #tokenVersion = :currentTokenVersion";
  const userUpdate = {
    TableName: tableName(),
    Key: userKeys.item(id),
    UpdateExpression: `SET ${fields.map((field) => `#${field} = :${field}`).join(", ")}`,
    ConditionExpression: `attribute_exists(pk) AND #email = :currentEmail${sameVersion}`,
    ExpressionAttributeNames: Object.fromEntries([...fields, "email"].map((field) => [`#${field}`, field])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(fields.map((field) => [`:${field}`, next[field]])),
      ":currentEmail": item.email,
      ...(versionRead === undefined ? {} : { ":currentTokenVersion": versionRead }),
    },
  };
  const oldKey = userKeys.email(item.email as string);
  const newKey = userKeys.email(next.email as string);
  try {
    if (oldKey.pk === newKey.pk) {
      await db().send(new UpdateCommand(userUpdate));
    } else {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: userUpdate },
            {
              Delete: {
                TableName: tableName(),
                Key: oldKey,
                ConditionExpression: "attribute_not_exists(pk) OR userId = :id",
                ExpressionAttributeValues: { ":id": id },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...newKey, userId: id },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          ],
        }),
      );
    }
  } catch (error) {
    if (cancellationReasons(error)?.[2] === "ConditionalCheckFailed") throw emailTaken();
    if (isConditionalCheckFailure(error) || cancellationReasons(error)?.[0] === "ConditionalCheckFailed") {
      throw new AppError("conflict", "The account changed meanwhile, please try again");
    }
    throw storageError(error);
  }
  return next;
}

/**
 * PUT /api/users/profile: the caller's own name, email and/or password; answers a fresh token. A new
 * password raises the user's token version, which revokes every token issued before it (other
 * sessions, a stolen token); the fresh token answered carries the new version, so the session that
 * made the change keeps working (docs/decisions/009-token-revocation.md).
 */
export async function updateProfile(caller: Pick<Caller, "_id">, input: ProfileInput): Promise<UserInfo> {
  const item = await getUserItem(caller._id);
  if (!item) throw notFound();
  const changes: Changes = { name: input.name, email: input.email };
  if (input.password !== undefined) {
    assertPassword(input.password);
    changes.passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
    changes.tokenVersion = tokenVersionOf(item) + 1;
  }
  return toUserInfo(await applyChanges(item, changes));
}

/** GET /api/users (admin): every account, newest first. */
export async function list(): Promise<AdminUser[]> {
  const items = await queryAll({
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": userKeys.allPartition },
    ScanIndexForward: false,
  });
  return items.map(toAdminUser);
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
    throw new AppError("invalid", "You cannot remove your own admin rights");
  }
  const item = await getUserItem(id);
  if (!item) throw notFound();
  return toAdminUser(
    await applyChanges(item, { name: input.name, email: input.email, isAdmin: input.isAdmin }),
  );
}

/**
 * DELETE /api/users/{id} (admin): removes the user and its email item in one transaction; their
 * orders stay (shown as a deleted user). An admin cannot delete themself.
 */
export async function remove(caller: Caller, id: string): Promise<void> {
  if (id === caller._id) throw new AppError("invalid", "You cannot delete your own account");
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await getUserItem(id);
    if (!item) throw notFound();
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName(),
                Key: userKeys.item(id),
                ConditionExpression: "email = :email",
                ExpressionAttributeValues: { ":email": item.email },
              },
            },
            {
              Delete: {
                TableName: tableName(),
                Key: userKeys.email(item.email as string),
                ConditionExpression: "attribute_not_exists(pk) OR userId = :id",
                ExpressionAttributeValues: { ":id": id },
              },
            },
          ],
        }),
      );
      return;
    } catch (error) {
      // The email changed between the read and the delete: read again and retry.
      if (!cancellationReasons(error)) throw storageError(error);
    }
  }
  throw new AppError("conflict", "The account changed meanwhile, please try again");
}
