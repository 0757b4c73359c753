import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { isConditionalCheckFailure, storageError } from "../db/errors.ts";
import { AppError } from "../errors.ts";
import { userKeys } from "./user.keys.ts";

/**
 * Failed sign-ins are counted per email (known or not, so the answer never tells which emails
 * exist) in one `SIGNIN#<email>` item: after MAX_FAILURES within WINDOW_SECONDS of the first
 * failure, attempts get 429 until the window has passed. The item carries a TTL so DynamoDB clears
 * it; the window is checked in code too, because TTL deletion can lag by hours.
 */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function stored<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storageError(error);
  }
}

/**
 * 429 when the email has used up its failed attempts in the current window; otherwise the number of
 * failures counted so far (0 when none), so a successful sign-in only writes when there is something to clear.
 */
export async function assertSignInAllowed(email: string, now = nowSeconds()): Promise<number> {
  const { Item } = await stored(() =>
    db().send(
      new GetCommand({ TableName: tableName(), Key: userKeys.signInThrottle(email), ConsistentRead: true }),
    ),
  );
  if (!Item) return 0;
  const inWindow = (Item.windowStart as number) > now - WINDOW_SECONDS;
  if (inWindow && (Item.failures as number) >= MAX_FAILURES) {
    throw new AppError("too_many", "Too many failed sign-in attempts, please try again in 15 minutes");
  }
  return inWindow ? (Item.failures as number) : 0;
}

/**
 * Counts one failure: adds to the open window, or opens a new one when there is none or it has
 * passed. Both steps are conditional writes, so concurrent failures are all counted.
 */
export async function recordSignInFailure(email: string, now = nowSeconds()): Promise<void> {
  const Key = userKeys.signInThrottle(email);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: "ADD failures :one",
          ConditionExpression: "attribute_exists(pk) AND windowStart > :cutoff",
          ExpressionAttributeValues: { ":one": 1, ":cutoff": now - WINDOW_SECONDS },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw storageError(error);
    }
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...Key, failures: 1, windowStart: now, expiresAt: now + WINDOW_SECONDS },
          ConditionExpression: "attribute_not_exists(pk) OR windowStart <= :cutoff",
          ExpressionAttributeValues: { ":cutoff": now - WINDOW_SECONDS },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw storageError(error);
      // Another failure opened the window meanwhile: add to it on the next round.
    }
  }
}

/** A successful sign-in forgets earlier failures. */
export async function clearSignInFailures(email: string): Promise<void> {
  await stored(() =>
    db().send(new DeleteCommand({ TableName: tableName(), Key: userKeys.signInThrottle(email) })),
  );
}
