import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { table } from "../layout/table.ts";

/**
 * DynamoDB Local answers a write before it is durable: its `commitTransaction` hands the SQLite
 * `COMMIT` to its one SQLite queue and returns without waiting for it (SQLiteDBAccess in
 * DynamoDBLocal.jar: `queue.execute(commitJob)` with no `get()`, where `beginTransaction` waits),
 * so a `kill -9` right after an acknowledged TransactWriteItems can lose it — the lost
 * order, reproduced by tests/durability/kill9-dynamodb.ts. The queue runs its jobs one at a time in
 * order, so a read sent after the write's answer completes only after that COMMIT has run. The local
 * runtime and the tests therefore follow every write with this barrier (db/client.ts) before the
 * caller sees the write's answer (README, "What survives a crash"). Never used in the cloud.
 */

/** The writes followed by the barrier (the operations whose answer a caller may act on). */
export const LOCAL_WRITES = new Set([
  "TransactWriteItemsCommand",
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "BatchWriteItemCommand",
]);

const barriers = new Map<string, DynamoDBClient>();

/**
 * Waits until DynamoDB Local at `endpoint` has committed every write it answered before this call:
 * a strongly consistent read of a key no item has, on its own client (no grants, no observers: it is
 * the runtime's, not a function's call).
 */
export async function localCommitBarrier(endpoint: string, region: string, tableName: string): Promise<void> {
  let client = barriers.get(endpoint);
  if (!client) {
    client = new DynamoDBClient({
      endpoint,
      region,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    barriers.set(endpoint, client);
  }
  await client.send(
    new GetItemCommand({
      TableName: tableName,
      Key: { [table.partitionKey]: { S: "COMMIT-BARRIER" }, [table.sortKey]: { S: "COMMIT-BARRIER" } },
      ConsistentRead: true,
    }),
  );
}
