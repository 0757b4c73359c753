/**
 * `npm run stats:rebuild` — recomputes the dashboard aggregates from the orders, users and products
 * in the table and replaces the STATS items (backfill, or repair after a bug or a lost record).
 *
 * Where it writes comes from core's configuration, like every other entry point:
 * - locally (DynamoDB Local of `npm start`):
 *     TABLE_NAME=fruit-shop DYNAMODB_ENDPOINT=http://localhost:8000 JWT_SECRET=<32+ chars> npm run stats:rebuild
 *   (the configuration insists on a JWT secret even though the rebuild signs nothing);
 * - against a deployed stage, with that stage's links (table name, secrets) and your AWS credentials:
 *     npx sst shell --stage <name> -- npm run stats:rebuild
 *
 * The rebuild races with the stream: changes made while it runs may be counted twice or missed (see
 * `rebuildStats` in core/src/stats/index.ts; the stream markers cannot prevent it). Run it when the
 * shop is quiet and run it again if figures still look off.
 */
import { ConfigError, getConfig } from "@fruit/core/config";
import { rebuildStats } from "@fruit/core/stats/index";

try {
  const { stage, tableName } = getConfig();
  console.log(`Rebuilding the dashboard aggregates of table ${tableName} (stage ${stage})...`);
  const summary = await rebuildStats();
  console.log(JSON.stringify(summary, null, 2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
