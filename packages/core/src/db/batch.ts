import type { BatchWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { storageError } from "./errors.ts";
import type { Action, Item, Key } from "./kind.ts";
import { AGAIN, giveUp, retrying } from "./retry.ts";
import { loadSdk } from "./sdk.ts";

const tableName = () => getConfig().tableName;

/** BatchGetItem reads at most 100 keys a call, BatchWriteItem writes at most 25 requests. */
const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;

/** One write of a batch: a whole item put or a delete by key. */
type WriteRequest = NonNullable<BatchWriteCommandInput["RequestItems"]>[string][number];

const exhausted = () => new AppError("UNAVAILABLE", "The store is temporarily unavailable, please try again");

/**
 * Sends `chunk` and again what DynamoDB leaves unprocessed, under the one retry policy (db/retry.ts,
 * `unprocessed`); then 503 rather than silently dropping the rest.
 */
async function untilProcessed<T>(chunk: T[], send: (pending: T[]) => Promise<T[]>): Promise<void> {
  let pending = chunk;
  await retrying(
    "unprocessed",
    async () => {
      try {
        pending = await send(pending);
      } catch (error) {
        throw storageError(error);
      }
      return pending.length === 0 ? undefined : AGAIN;
    },
    giveUp(exhausted),
  );
}

/**
 * Reads many items by key, strongly consistent (any number of keys; 100 a call). Missing items are
 * simply absent from the result, which is in no particular order.
 *
 * @example
 * const products = await batchGet(ids.map((id) => productKind.key(id)), { projection: "id" });
 */
export async function batchGet(
  keys: readonly Key[],
  options: { projection?: string; names?: Record<string, string> } = {},
): Promise<Item[]> {
  const { db, BatchGetCommand } = await loadSdk();
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    await untilProcessed(keys.slice(start, start + BATCH_GET_LIMIT), async (pending: Item[]) => {
      const result = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ConsistentRead: true,
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
            },
          },
        }),
      );
      found.push(...(result.Responses?.[tableName()] ?? []));
      return result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    });
  }
  return found;
}

/** A kind's put or delete as a batch request; a batch carries no conditions and no updates. */
function requestOf(action: Action): WriteRequest {
  if ("Put" in action && action.Put.ConditionExpression === undefined)
    return { PutRequest: { Item: action.Put.Item } };
  if ("Delete" in action && action.Delete.ConditionExpression === undefined)
    return { DeleteRequest: { Key: action.Delete.Key } };
  throw new Error(
    `A batch write takes unconditional puts and deletes only (a ${action.kind} action was given)`,
  );
}

/**
 * Puts and deletes many items, 25 a call (not a transaction: each request stands alone). A counted
 * item's delete brings its tombstone's put along (db/kind.ts), so it is written too.
 */
export async function batchWrite(actions: readonly Action[]): Promise<void> {
  const requests = actions.map(requestOf);
  const { db, BatchWriteCommand } = await loadSdk();
  for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
    await untilProcessed(requests.slice(start, start + BATCH_WRITE_LIMIT), async (pending) => {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      return result.UnprocessedItems?.[tableName()] ?? [];
    });
  }
}
