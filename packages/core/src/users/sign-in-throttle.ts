import { DeleteCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { isConditionalCheckFailure, storageError } from "../db/errors.ts";
import { AppError } from "../errors.ts";
import { userKeys } from "./user.keys.ts";

/**
 * Sign-in attempts are counted per email (known or not, so the answer never tells which emails
 * exist) in one `SIGNIN#<email>` item: at most MAX_FAILURES passwords are compared within
 * WINDOW_SECONDS of the window's first attempt; further attempts get 429 until the window has passed.
 * Each attempt takes its place in the window with one conditional write *before* its password is
 * compared, so parallel guesses cannot all pass a check made before the count grew; a successful
 * sign-in clears the item, so what stays counted are the failures. The item carries a TTL so DynamoDB
 * clears it; the window is checked in code too, because TTL deletion can lag by hours.
 */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const tooMany = () =>
  new AppError("too_many", "Too many failed sign-in attempts, please try again in 15 minutes");

/**
 * The window start of the item a refused conditional write reports (ReturnValuesOnConditionCheckFailure
 * answers it in DynamoDB's wire format, `{ N: "…" }`, which the document client leaves as it is).
 */
function refusedWindowStart(error: unknown): number | undefined {
  const start = (error as { Item?: { windowStart?: { N?: string } } }).Item?.windowStart?.N;
  return start === undefined ? undefined : Number(start);
}

/**
 * Reserves one password comparison for the email, or throws 429 when its window is used up. Adds to
 * the open window only while its count is under MAX_FAILURES (one conditional ADD, atomic however
 * many attempts run at once); when there is no window or it has passed, opens a new one with a
 * conditional put (of two openers racing, the loser adds to the winner's window on the next round).
 */
export async function reserveSignInAttempt(email: string, now = nowSeconds()): Promise<void> {
  const Key = userKeys.signInThrottle(email);
  const cutoff = now - WINDOW_SECONDS;
  for (let round = 0; round < 3; round++) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: "ADD failures :one",
          ConditionExpression: "attribute_exists(pk) AND windowStart > :cutoff AND failures < :max",
          ExpressionAttributeValues: { ":one": 1, ":cutoff": cutoff, ":max": MAX_FAILURES },
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw storageError(error);
      // Refused with an open window: it is used up. Otherwise there is none, or it has passed.
      const windowStart = refusedWindowStart(error);
      if (windowStart !== undefined && windowStart > cutoff) throw tooMany();
    }
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...Key, failures: 1, windowStart: now, expiresAt: now + WINDOW_SECONDS },
          ConditionExpression: "attribute_not_exists(pk) OR windowStart <= :cutoff",
          ExpressionAttributeValues: { ":cutoff": cutoff },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw storageError(error);
      // Another attempt opened the window meanwhile: add to it on the next round.
    }
  }
  throw tooMany();
}

/** A successful sign-in forgets the window's attempts (its own included). */
export async function clearSignInFailures(email: string): Promise<void> {
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: userKeys.signInThrottle(email) }));
  } catch (error) {
    throw storageError(error);
  }
}
