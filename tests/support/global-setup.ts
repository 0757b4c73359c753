import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDynamo, startS3 } from "@fruit/functions/local/services";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}

/** One DynamoDB Local (in memory) and one S3 emulator for the whole integration run. */
export default async function setup(project: TestProject) {
  const s3Dir = mkdtempSync(join(tmpdir(), "fruit-s3-"));
  const [dynamo, s3] = await Promise.all([startDynamo(), startS3({ directory: s3Dir })]);
  project.provide("dynamoEndpoint", dynamo.endpoint);
  project.provide("s3Endpoint", s3.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
