/**
 * Gives a hold to the unpaid orders placed before unpaid orders expired (docs/decisions/012-unpaid-orders-expire.md),
 * so the sweep cancels them too and their stock goes back on sale. Idempotent; run once after the
 * deployment that introduced holds:
 *     npx sst shell --stage <name> -- npx tsx packages/ops/src/cli/hold-unpaid-orders.ts
 * (The local runtime does this by itself at start.) Configuration as for `npm run stats:rebuild`.
 */
import { ConfigError, getConfig } from "@fruit/core/config";
import { holdUnheldOrders } from "@fruit/core/expiry/index";

try {
  const { stage, tableName, unpaidOrderMinutes } = getConfig();
  console.log(
    `Holding unpaid orders of table ${tableName} (stage ${stage}) for ${unpaidOrderMinutes} minutes...`,
  );
  console.log(`${await holdUnheldOrders()} order(s) now held; the sweep expires those past their deadline.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
