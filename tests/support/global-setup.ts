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

interface Services {
  dynamoEndpoint: string;
  s3Endpoint: string;
  s3Credentials: S3Credentials;
  stop(): Promise<void>;
}

/**
 * The run's services and how many projects use them. Vitest runs a project's global setup once per
 * project, and the integration files run in two projects (vitest.config.ts: `integration` and its
 * isolated exceptions); each project loads this file through its own module graph, so what they share
 * is kept on the main process's `globalThis`. Vitest starts the projects' setups one after another
 * and tears them all down at the end of the run.
 */
const SHARED = Symbol.for("fruit-shop.integration-services");
type Shared = { services: Promise<Services>; users: number };
const holder = globalThis as { [SHARED]?: Shared };

async function start(): Promise<Services> {
  const s3Dir = mkdtempSync(join(tmpdir(), "fruit-s3-"));
  const [dynamo, s3] = await Promise.all([startDynamo(), startS3({ directory: s3Dir })]);
  return {
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    s3Credentials: s3.credentials,
    async stop() {
      await Promise.all([dynamo.stop(), s3.stop()]);
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}

/** One DynamoDB Local (in memory) and one S3 emulator for the whole integration run. */
export default async function setup(project: TestProject) {
  holder[SHARED] ??= { services: start(), users: 0 };
  const shared = holder[SHARED];
  shared.users += 1;
  const services = await shared.services;
  project.provide("dynamoEndpoint", services.dynamoEndpoint);
  project.provide("s3Endpoint", services.s3Endpoint);
  project.provide("s3Credentials", services.s3Credentials);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await services.stop();
  };
}
