import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type S3Credentials, startDynamo, startS3 } from "@fruit/local/services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
    /** The run's secret key pair of the local object store (its gateway refuses any other). */
    s3Credentials: S3Credentials;
  }
}

/** One DynamoDB Local (in memory) and one S3 emulator for the whole integration run. */
export default async function setup(project: TestProject) {
  const s3Dir = mkdtempSync(join(tmpdir(), "fruit-s3-"));
  const [dynamo, s3] = await Promise.all([startDynamo(), startS3({ directory: s3Dir })]);
  project.provide("dynamoEndpoint", dynamo.endpoint);
  project.provide("s3Endpoint", s3.endpoint);
  project.provide("s3Credentials", s3.credentials);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
