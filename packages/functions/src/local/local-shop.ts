import { join } from "node:path";
import { loadConfig, setConfig } from "@fruit/core/config";
import { handler as streamHandler } from "../lambda/stream.ts";
import { claimDataDir } from "./data-dir-lock.ts";
import { createDevPages } from "./dev-pages.ts";
import type { LocalConfig } from "./local-config.ts";
import { seedIfEmpty } from "./seed.ts";
import { createShopApp, listenShop } from "./server.ts";
import {
  assertPortFree,
  ensureBucket,
  ensureTable,
  type S3Service,
  type Service,
  startDynamo,
  startS3,
} from "./services.ts";
import { startStreamPoller } from "./stream-poller.ts";
import { ensureWebBuild, type WebBuildResult } from "./web-build.ts";

/** A running local shop. */
export interface LocalShop {
  url: string;
  seeded: boolean;
  /** Undefined in dev mode (Vite serves the pages from source). */
  webBuild: WebBuildResult | undefined;
  /** Stops the server, the poller and every emulator, in that order; safe to call twice. */
  stop(): Promise<void>;
}

type Stop = () => Promise<void> | void;

/** Both emulators together; if one fails to start the other is stopped before the error is thrown. */
async function startEmulators(
  config: LocalConfig,
  stops: Stop[],
): Promise<{ dynamo: Service; s3: S3Service }> {
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
 * Starts the whole shop on one machine (architecture §3): emulators with data under `DATA_DIR`,
 * table and bucket, seed on an empty table, the stream poller in place of Lambda's event source
 * mapping, and one HTTP server for `/api`, `/images` and the pages. On a failed start everything
 * already started is stopped again before the error is thrown.
 */
export async function startLocalShop(
  config: LocalConfig,
  /** `javaStarted` gets DynamoDB Local's process id at once, so an abrupt exit can still kill it. */
  hooks: { javaStarted?: (pid: number) => void } = {},
): Promise<LocalShop> {
  const stops: Stop[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const stopOne of stops.reverse()) await Promise.resolve(stopOne()).catch(() => {});
    })();
    return stopping;
  };
  try {
    await assertPortFree(config.port, "PORT, the shop");
    stops.push(claimDataDir(config.dataDir));
    const webBuild = config.dev ? undefined : ensureWebBuild(config.paths);
    const { dynamo, s3 } = await startEmulators(config, stops);
    if (dynamo.pid) hooks.javaStarted?.(dynamo.pid);

    const core = loadConfig({
      ...config.apiEnv,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
    setConfig(core);
    await Promise.all([ensureTable(dynamo.endpoint, core.tableName), ensureBucket(s3, core.bucketName)]);
    const { seeded } = await seedIfEmpty(config.accounts);

    const poller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName: core.tableName,
      handler: streamHandler,
      checkpointFile: join(config.dataDir, "stream-checkpoints.json"),
    });
    stops.push(() => poller.stop());

    const builtPages = await webBuild; // before serving: the static site reads (and warms) dist
    const shop = createShopApp({ webDist: config.dev ? undefined : config.paths.webDist });
    const server = await listenShop({
      shop,
      host: config.host,
      port: config.port,
      ...(config.dev
        ? {
            pages: async (httpServer) => {
              const vite = await createDevPages(config.paths.webDir, httpServer);
              stops.push(() => vite.close());
              return vite.handle;
            },
          }
        : {}),
    });
    stops.push(() => server.close());

    const shownHost = ["127.0.0.1", "0.0.0.0", "::", "::1"].includes(config.host) ? "localhost" : config.host;
    return { url: `http://${shownHost}:${config.port}`, seeded, webBuild: builtPages, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
