import { tableName } from "./client.ts";
import type { Item } from "./kind.ts";
import { AGAIN, ATTEMPTS, giveUp, retrying } from "./retry.ts";
import { loadSdk } from "./sdk.ts";

/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;

/** The puts DynamoDB handed back unprocessed (a batch of puts only ever hands back puts). */
const unprocessedPuts = (requests: readonly { PutRequest?: { Item?: Item | undefined } }[] | undefined) =>
  (requests ?? []).flatMap((request) =>
    request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
  );

export interface RestoreReport {
  /** The table the items were read from (the one a point-in-time restore created). */
  from: string;
  /** The stage's own table, written. */
  to: string;
  /** Items read from `from` and put into `to`. */
  copied: number;
}

/**
 * Puts every item of `from` — the table a point-in-time restore created — into the stage's own
 * table (docs/operations.md, "Restoring the table to a point in time"), so the stack's table holds the
 * restored items again. Items of the stage's table that `from` lacks (written after the restore
 * point) are left as they are. Scans `from` page by page and writes with BatchWriteItem, sending
 * again what DynamoDB leaves unprocessed (through `retrying`, db/retry.ts: at most
 * `ATTEMPTS.unprocessed` tries per batch): the operator's action, never a function's
 * (core's access/grants.ts). Safe to run again: it puts the same items.
 */
export async function restoreFrom(
  from: string,
  options: { onProgress?: (copied: number) => void } = {},
): Promise<RestoreReport> {
  const to = tableName();
  if (from === to) throw new Error(`restore: ${from} is the stage's own table; name the restored one`);
  const { db, ScanCommand, BatchWriteCommand } = await loadSdk();
  let copied = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: from, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += BATCH) {
      let pending = items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } }));
      await retrying(
        "unprocessed",
        async () => {
          const result = await db().send(new BatchWriteCommand({ RequestItems: { [to]: pending } }));
          pending = unprocessedPuts(result.UnprocessedItems?.[to]);
          return pending.length === 0 ? undefined : AGAIN;
        },
        giveUp(
          () =>
            new Error(
              `restore: DynamoDB left ${pending.length} items unprocessed ${ATTEMPTS.unprocessed} times; run it again (it puts the same items)`,
            ),
        ),
      );
      copied += Math.min(BATCH, items.length - i);
    }
    options.onProgress?.(copied);
    start = page.LastEvaluatedKey;
  } while (start);
  return { from, to, copied };
}
