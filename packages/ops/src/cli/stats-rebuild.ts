/**
 * `npm run stats:rebuild` — recomputes the dashboard aggregates from the orders, users and products
 * in the table into a new generation and makes it the one the dashboard shows (backfill, or repair
 * after a bug or a lost record).
 *
 * Where it writes:
 * - run plainly, the local runtime of `DATA_DIR` (default `.data`): the running `npm start` when
 *   there is one, otherwise its emulators are started for the rebuild and stopped after
 *   (packages/local/src/attach.ts) — no port or secret to type;
 * - against a deployed stage, with that stage's links (table name, secrets) and your AWS credentials:
 *     npx sst shell --stage <name> -- npm run stats:rebuild
 *
 * Exact while the shop and the stream handler run (`rebuildStats` in core/src/stats/rebuild.ts,
 * docs/decisions/020-exact-rebuild.md); one at a time: a second one is refused while the first
 * holds its lease.
 */
import { rebuildStats } from "@fruit/core/stats";
import { withOperatorTarget } from "@fruit/local/attach";
import { operatorErrorLine } from "../errors.ts";

try {
  await withOperatorTarget(async ({ config, local }) => {
    const where = local ? "the local runtime" : `stage ${config.stage}`;
    console.log(`Rebuilding the dashboard aggregates of table ${config.tableName} (${where})...`);
    const summary = await rebuildStats();
    console.log(JSON.stringify(summary, null, 2));
  });
} catch (error) {
  const line = operatorErrorLine(error);
  console.error(line ? `stats:rebuild: ${line}` : error);
  process.exitCode = 1;
}
