import { join } from "node:path";
import type { LocalConfig } from "./local-config.ts";
import { ensureBucket, ensureTable, type S3Service, type Service, startDynamo, startS3 } from "./services.ts";

/** A stop step of a start-up, run in reverse order on stop or on a failed start. */
export type Stop = () => Promise<void> | void;

/** The two emulators of one data directory. */
export interface Emulators {
  dynamo: Service;
  /** The object store's gateway, with the run's secret key pair (docs/decisions/008-local-s3-gateway.md). */
  s3: S3Service;
}

/**
 * Starts DynamoDB Local and the S3 emulator on the data directory of `config`; each started one's
 * stop is pushed onto `stops`. If one fails to start the error is thrown (the caller runs `stops`,
 * which stops the other). Shared by the shop (local-shop.ts) and operator commands that find no
 * running shop (attach.ts), so both use the same files.
 */
export async function startEmulators(config: LocalConfig, stops: Stop[]): Promise<Emulators> {
  const [dynamo, s3] = await Promise.allSettled([
    startDynamo({ dataDir: join(config.dataDir, "dynamodb"), port: config.dynamoPort }),
    startS3({ directory: join(config.dataDir, "s3"), port: config.s3Port }),
  ]);
  for (const started of [dynamo, s3])
    if (started.status === "fulfilled") stops.push(() => started.value.stop());
  if (dynamo.status === "rejected") throw dynamo.reason;
  if (s3.status === "rejected") throw s3.reason;
  return { dynamo: dynamo.value, s3: s3.value };
}

/**
 * The environment handed to core's `loadConfig` for these emulators. It is also what the shop
 * publishes in `DATA_DIR/runtime.json` (runtime-file.ts), so whatever is added here reaches the
 * operator commands too.
 */
export function coreEnvOf(config: LocalConfig, { dynamo, s3 }: Emulators): Record<string, string> {
  return {
    ...config.apiEnv,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  };
}

/** Creates the table and the image bucket when missing (the emulators start empty on a new data dir). */
export async function ensureStorage(
  { dynamo, s3 }: Emulators,
  names: { tableName: string; bucketName: string },
): Promise<void> {
  await Promise.all([ensureTable(dynamo.endpoint, names.tableName), ensureBucket(s3, names.bucketName)]);
}
