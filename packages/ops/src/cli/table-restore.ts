/**
 * `npm run table:restore -- <restored table>` — after DynamoDB's point-in-time restore, which always
 * creates a new table, puts every item of that table back into the stage's own table, the one the
 * stack uses (docs/operations.md, "Restoring the table to a point in time"). Then run
 * `npm run stats:rebuild`.
 *
 *     npx sst shell --stage <name> -- npm run table:restore -- <restored table>
 *
 * Run plainly it targets the local runtime of `DATA_DIR`, like the other operator commands.
 */

import { restoreFrom } from "@fruit/core/db/restore";
import { withOperatorTarget } from "@fruit/local/attach";
import { operatorErrorLine } from "../errors.ts";

const from = process.argv[2];
try {
  if (!from || from.startsWith("-")) throw new Error("name the table the point-in-time restore created");
  await withOperatorTarget(async ({ config, local }) => {
    const where = local ? "the local runtime" : `stage ${config.stage}`;
    console.log(`Putting every item of ${from} into ${config.tableName} (${where})...`);
    const report = await restoreFrom(from, { onProgress: (copied) => console.log(`  ${copied} item(s)`) });
    console.log(`${report.copied} item(s) restored into ${report.to}. Now run \`npm run stats:rebuild\`.`);
  });
} catch (error) {
  const line = operatorErrorLine(error);
  console.error(`table:restore: ${line ?? (error instanceof Error ? error.message : String(error))}`);
  process.exitCode = 1;
}
