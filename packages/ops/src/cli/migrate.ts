/**
 * `npm run migrate [-- --again]` — upgrades data kept from an older version to today's shape: runs
 * the dated migrations of packages/ops/src/migrations/ in date order and prints what each changed
 * (packages/ops/src/migrate.ts). Each one runs once per table (the table records it); `--again` runs
 * the applied ones too. Idempotent and safe while the shop runs.
 *
 * Where it writes:
 * - run plainly, the local runtime of `DATA_DIR` (default `.data`): the running `npm start` when
 *   there is one, otherwise its emulators are started for the command and stopped after
 *   (packages/local/src/attach.ts) — no port or secret to type;
 * - against a deployed stage, with that stage's links (table name, settings) and your AWS credentials:
 *     npx sst shell --stage <name> -- npm run migrate
 */
import { withOperatorTarget } from "@fruit/local/attach";
import { operatorErrorLine } from "../errors.ts";
import { describeOutcome, parseMigrateArgs, runMigrations } from "../migrate.ts";

try {
  const { again } = parseMigrateArgs(process.argv.slice(2));
  await withOperatorTarget(async ({ config, local }) => {
    const where = local ? "the local runtime" : `stage ${config.stage}`;
    console.log(`Migrating table ${config.tableName} (${where})...`);
    const outcomes = await runMigrations({
      again,
      onOutcome: (outcome) => console.log(describeOutcome(outcome)),
    });
    const ran = outcomes.filter((outcome) => outcome.status === "applied").length;
    console.log(`${ran} migration(s) run, ${outcomes.length - ran} already applied.`);
  });
} catch (error) {
  const line = operatorErrorLine(error);
  console.error(line ? `migrate: ${line}` : error);
  process.exitCode = 1;
}
