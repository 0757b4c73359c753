import { randomUUID } from "node:crypto";
import { enforceGrants } from "@fruit/core/access";
import { type Config, loadConfig, setConfig } from "@fruit/core/config";
import { ensureBucket, ensureTable } from "@fruit/local/services";
import { inject } from "vitest";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

/**
 * Points core at a fresh table (and bucket) of its own on the run's DynamoDB Local, so test files
 * never see each other's data. Call in `beforeAll`; returns the configuration in use.
 */
export async function useFreshTable(label: string, env: Record<string, string> = {}): Promise<Config> {
  const dynamoEndpoint = inject("dynamoEndpoint");
  const s3Endpoint = inject("s3Endpoint");
  const s3Credentials = inject("s3Credentials");
  const suffix = randomUUID().slice(0, 8);
  const config = loadConfig({
    TABLE_NAME: `test-${label}-${suffix}`,
    BUCKET_NAME: `test-${label.toLowerCase().replace(/[^a-z0-9-]/g, "-")}-${suffix}`,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    JWT_SECRET: TEST_JWT_SECRET,
    PAYMENTS: "test",
    ...env,
  });
  setConfig(config);
  // Calls made as a function (the API app, the Lambda handlers) are held to its grants, as IAM would
  // hold them (docs/decisions/036-permissions-enforced-locally.md): a missing action fails the test.
  enforceGrants();
  await Promise.all([
    ensureTable(dynamoEndpoint, config.tableName),
    ensureBucket({ endpoint: s3Endpoint, credentials: s3Credentials }, config.bucketName),
  ]);
  return config;
}
