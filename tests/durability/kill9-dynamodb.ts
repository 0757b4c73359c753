import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { GetItemCommand, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import { localCommitBarrier } from "@fruit/core/internal/db/local-commit";
import { dynamoClient, ensureTable, startDynamo } from "@fruit/local/services";

/**
 * DynamoDB Local alone under `kill -9` (README, "What survives a crash"): the engine `npm start`
 * runs, started as it starts it (packages/local/src/services.ts, `startDynamo` on a data directory),
 * 8 writers sending transactions of two puts, SIGKILL to its Java at a random moment, a restart on
 * the same files, and every acknowledged transaction looked for. Separates the engine from the shop
 * when `kill9-orders.ts` finds a loss.
 *
 *   npx tsx tests/durability/kill9-dynamodb.ts --runs 10             # loses an acknowledged write now and then
 *   npx tsx tests/durability/kill9-dynamodb.ts --runs 10 --barrier   # never
 */

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "10" },
    /** Follow each write with the local runtime's commit barrier (core's db/local-commit.ts) before counting it. */
    barrier: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const dataDir = mkdtempSync(join(tmpdir(), "fruit-kill9-dynamo-"));
const TABLE = "fruit-shop";

let held = 0;
try {
  for (let run = 1; run <= RUNS; run++) {
    const dynamo = await startDynamo({ dataDir });
    await ensureTable(dynamo.endpoint, TABLE);
    const client = dynamoClient(dynamo.endpoint);
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const id = `${run}-${n}-${i}`;
        try {
          await client.send(
            new TransactWriteItemsCommand({
              TransactItems: [
                { Put: { TableName: TABLE, Item: { pk: { S: `T#${id}` }, sk: { S: "A" } } } },
                { Put: { TableName: TABLE, Item: { pk: { S: `T#${id}` }, sk: { S: "B" } } } },
              ],
            }),
          );
          if (values.barrier) await localCommitBarrier(dynamo.endpoint, "us-east-1", TABLE);
          acknowledged.push(id);
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    await new Promise((resolve) => setTimeout(resolve, 1500 + Math.random() * 3000));
    process.kill(dynamo.pid!, "SIGKILL");
    stop = true;
    await Promise.all(writers);
    await dynamo.stop();

    const again = await startDynamo({ dataDir });
    const check = dynamoClient(again.endpoint);
    const lost: string[] = [];
    for (const [index, id] of acknowledged.entries()) {
      for (const sk of ["A", "B"]) {
        const { Item } = await check.send(
          new GetItemCommand({
            TableName: TABLE,
            Key: { pk: { S: `T#${id}` }, sk: { S: sk } },
            ConsistentRead: true,
          }),
        );
        if (!Item) lost.push(`${id}/${sk} (#${index + 1} of ${acknowledged.length})`);
      }
    }
    await again.stop();
    if (lost.length === 0) held += 1;
    console.log(
      `run ${run}/${RUNS}: ${acknowledged.length} acknowledged, ${lost.length} lost ${lost.slice(0, 6).join(", ")}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`DynamoDB Local kill -9: ${held}/${RUNS} runs lost nothing acknowledged`);
process.exit(held === RUNS ? 0 : 1);
