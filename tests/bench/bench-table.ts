import { loadConfig, setConfig } from "@fruit/core/config";
import { tableName } from "@fruit/core/internal/db/client";
import { ensureTable, startDynamo } from "@fruit/local/services";
import type { BenchContext } from "./types.ts";

/**
 * Runs `work` against a fresh table on an in-memory DynamoDB Local, with core configured for it
 * (test payments, a bench JWT secret), and stops DynamoDB Local afterwards, whatever happens.
 *
 * @example
 * return withBenchTable(context, "bench-stream", async (endpoint) => measure(...));
 */
export async function withBenchTable<T>(
  context: BenchContext,
  name: string,
  work: (endpoint: string) => Promise<T>,
  /** More settings for core (`SHOP_URL`, `MAIL_SEND_RATE`, ...). */
  env: Record<string, string> = {},
): Promise<T> {
  context.log("starting DynamoDB Local (in memory)");
  const dynamo = await startDynamo();
  try {
    setConfig(
      loadConfig({
        TABLE_NAME: name,
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        PAYMENTS: "test",
        ...env,
      }),
    );
    await ensureTable(dynamo.endpoint, tableName());
    return await work(dynamo.endpoint);
  } finally {
    await dynamo.stop();
  }
}
