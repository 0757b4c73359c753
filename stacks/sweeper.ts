import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { TABLE_ACCESS, tablePermissions } from "./permissions.ts";
import { sweeperSecrets } from "./secrets.ts";
import { table } from "./storage.ts";

/**
 * The unpaid-order sweep: every minute, unpaid orders whose hold ran out are cancelled and their
 * stock returned (docs/decisions/012-unpaid-orders-expire.md: a schedule, not TTL, because TTL
 * deletes late and deletes the order). EventBridge Scheduler runs it at least once; the handler is
 * idempotent. It reads and writes the table, and may ask PayPal whether a payment that was started
 * long ago was captured, so it is linked to the same payment secrets as the API (hence the same
 * payments mode), and to nothing it does not read (stacks/secrets.ts, stacks/permissions.ts).
 */
export const sweeper = new sst.aws.CronV2("UnpaidOrderSweeper", {
  schedule: "rate(1 minute)",
  function: {
    handler: "packages/functions/src/lambda/sweeper.handler",
    runtime: "nodejs22.x",
    architecture: "arm64",
    timeout: "60 seconds",
    nodejs: lambdaBundling,
    logging: functionLogging,
    link: [table, ...sweeperSecrets],
    permissions: tablePermissions(TABLE_ACCESS.UnpaidOrderSweeper, table),
  },
  // A failed run is not retried: the next one starts within a minute and does the same work.
  retries: 0,
});

/**
 * The scheduler invokes the function asynchronously, and Lambda retries a failed asynchronous
 * invocation twice by default. A failed run now fails the invocation (so the `SweepFailed` alarm
 * counts it: packages/functions/src/lambda/sweeper.ts); the next scheduled run is its retry.
 */
export const sweeperInvokeConfig = new aws.lambda.FunctionEventInvokeConfig(
  "UnpaidOrderSweeperInvokeConfig",
  {
    functionName: $util.output(sweeper.nodes.function).apply((fn) => fn.name),
    maximumRetryAttempts: 0,
  },
);
