import { join } from "node:path";
import { enforceGrants } from "@fruit/core/access";
import { loadConfig, setConfig } from "@fruit/core/config";
import { errorFields, log } from "@fruit/core/log";
import { matchesMailStreamFilters } from "@fruit/core/mail-stream-filters";
import { handler as mailHandler } from "@fruit/functions/lambda/mail-stream";
import { handler as streamHandler } from "@fruit/functions/lambda/stream";
import { claimDataDir } from "./data-dir-lock.ts";
import { createDevPages } from "./dev-pages.ts";
import { coreEnvOf, ensureStorage, type Stop, startEmulators } from "./emulators.ts";
import type { LocalConfig } from "./local-config.ts";
import { startOrderSweeper, sweepIntervalMs } from "./order-sweeper.ts";
import { writeRuntimeFile } from "./runtime-file.ts";
import { seedIfEmpty } from "./seed.ts";
import { createShopApp, listenShop } from "./server.ts";
import { assertPortFree, startSes } from "./services.ts";
import { startStreamPoller } from "./stream-poller.ts";
import { ensureWebBuild, type WebBuildResult } from "./web-build.ts";

/** A running local shop. */
export interface LocalShop {
  url: string;
  seeded: boolean;
  /** Undefined in dev mode (Vite serves the pages from source). */
  webBuild: WebBuildResult | undefined;
  /** The SES emulator's web view of the mails the shop sent (`GET <mailUrl>/store` lists them). */
  mailUrl: string;
  /** Stops the server, the poller and every emulator, in that order; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the whole shop on one machine (docs/architecture.md, 'The local runtime'): emulators with data under `DATA_DIR`,
 * table and bucket, `DATA_DIR/runtime.json` for operator commands (removed on stop), seed on an
 * empty table, the stream poller in place of Lambda's event source mapping, the unpaid-order sweep in
 * place of the schedule, and one HTTP server for `/api`, `/images` and the pages. On a failed start
 * everything already started is stopped again before the error is thrown.
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
    const emulators = await startEmulators(config, stops);
    const { dynamo } = emulators;
    if (dynamo.pid) hooks.javaStarted?.(dynamo.pid);

    const ses = await startSes({ port: config.sesPort });
    stops.push(() => ses.stop());
    const shownHost = ["127.0.0.1", "0.0.0.0", "::", "::1"].includes(config.host) ? "localhost" : config.host;
    const url = `http://${shownHost}:${config.port}`;
    // Mails link to this shop's order screens and go to the emulator (mails/ses.ts).
    // Pages' canonical links and the mails' links name the configured public URL, else this address.
    const coreEnv = {
      ...coreEnvOf(config, emulators),
      SES_ENDPOINT: ses.endpoint,
      SHOP_URL: config.shopUrl ?? url,
    };
    const core = loadConfig(coreEnv);
    setConfig(core);
    // Each function's calls are held to the grants stacks/ gives it, as IAM would in the cloud
    // (docs/decisions/036-permissions-enforced-locally.md).
    enforceGrants();
    await ensureStorage(emulators, core);
    // From here on operator commands on this data dir use these emulators (attach.ts).
    stops.push(writeRuntimeFile(config.dataDir, { pid: process.pid, env: coreEnv }));
    // Data kept from an older version is not upgraded here: that is `npm run migrate` (packages/ops).
    const { seeded } = await seedIfEmpty(config.accounts);

    const poller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName: core.tableName,
      handler: streamHandler,
      checkpointFile: join(config.dataDir, "stream-checkpoints.json"),
    });
    stops.push(() => poller.stop());
    // The order mails' subscriber: its own poller, filter and checkpoints, as it has its own mapping
    // in the cloud (stacks/email.ts), so a failing mail never holds up the dashboard's figures.
    const mailPoller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName: core.tableName,
      handler: mailHandler,
      filter: (record) => matchesMailStreamFilters(record.eventName, record.dynamodb?.Keys ?? {}),
      checkpointFile: join(config.dataDir, "mail-stream-checkpoints.json"),
      // A data dir kept from before mails existed is not mailed its history.
      fromLatest: true,
      onError: (error) => log("warn", "mail stream poller", errorFields(error)),
    });
    stops.push(() => mailPoller.stop());
    const sweeper = startOrderSweeper({ intervalMs: sweepIntervalMs(core.unpaidOrderMinutes) });
    stops.push(() => sweeper.stop());

    const builtPages = await webBuild; // before serving: the static site reads (and warms) dist
    const shop = createShopApp({
      webDist: config.dev ? undefined : config.paths.webDist,
      uploadOrigins: core.s3Endpoint ? [new URL(core.s3Endpoint).origin] : [],
      searchIndexing: () => core.site.indexing,
    });
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

    return { url, seeded, webBuild: builtPages, mailUrl: ses.endpoint, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
