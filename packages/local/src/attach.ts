import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { type Config, loadConfig, setConfig } from "@fruit/core/config";
import { claimDataDir, dataDirHolder, isRunning } from "./data-dir-lock.ts";
import { coreEnvOf, ensureStorage, type Stop, startEmulators } from "./emulators.ts";
import { dataDirOf, loadLocalConfig } from "./local-config.ts";
import { readRuntimeFile, runtimeFilePath } from "./runtime-file.ts";
import { dynamoClient, StartupError } from "./services.ts";

type Env = Record<string, string | undefined>;

/** The local runtime an operator command works on; core's configuration already points at it. */
export interface AttachedRuntime {
  /** Core's configuration in use (`setConfig` has been called with it). */
  config: Config;
  dataDir: string;
  /** `shop`: a running `npm start` owns the data dir; `started`: this process started the emulators. */
  source: "shop" | "started";
  /** DynamoDB Local's process when this process started it (to kill it on an abrupt exit). */
  javaPid?: number;
  /** Stops what this process started and releases the data dir; leaves a running shop alone. */
  stop(): Promise<void>;
}

async function assertAnswers(endpoint: string | undefined, owner: string): Promise<void> {
  try {
    await dynamoClient(endpoint ?? "").send(new ListTablesCommand({ Limit: 1 }), {
      abortSignal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new StartupError(`${owner}, but its DynamoDB Local (${endpoint}) does not answer: ${error}`);
  }
}

/**
 * Finds the local runtime of a data directory for an operator command (`npm run stats:rebuild`,
 * `npm run stage:init`, `npm run migrate`), so nobody types an emulator port or a secret:
 * - a live shop owns the data dir (`runtime.json` of runtime-file.ts, its pid alive and holding the
 *   data-dir lock): core is configured with exactly the environment that shop uses;
 * - nobody does: this process claims the lock, starts the emulators on the data dir and creates the
 *   table and bucket as the shop would (no seed); `stop()` stops them again.
 * A process that holds the lock without a runtime file (a shop still starting) is a one-line error.
 *
 * @example
 * const runtime = await attachLocalRuntime({ dataDir: ".data" });
 * try { await rebuildStats(); } finally { await runtime.stop(); }
 */
export async function attachLocalRuntime(
  options: { dataDir?: string; env?: Env } = {},
): Promise<AttachedRuntime> {
  const given = options.env ?? process.env;
  const env = options.dataDir ? { ...given, DATA_DIR: options.dataDir } : given;
  const dataDir = dataDirOf(env);

  const runtime = readRuntimeFile(dataDir);
  const holder = dataDirHolder(dataDir);
  if (runtime && isRunning(runtime.pid) && (runtime.pid === process.pid || runtime.pid === holder)) {
    const config = loadConfig(runtime.env);
    await assertAnswers(config.dynamoEndpoint, `The shop (pid ${runtime.pid}) owns ${dataDir}`);
    setConfig(config);
    return { config, dataDir, source: "shop", stop: async () => {} };
  }
  if (holder) {
    throw new StartupError(
      `Process ${holder} holds ${dataDir} but has not written ${runtimeFilePath(dataDir)}; if it is a shop still starting, try again once it is up.`,
    );
  }

  const stops: Stop[] = [];
  const stop = async () => {
    for (const stopOne of stops.splice(0).reverse()) await Promise.resolve(stopOne()).catch(() => {});
  };
  try {
    const local = loadLocalConfig(env); // here only: a running shop's settings are its own
    stops.push(claimDataDir(dataDir));
    const emulators = await startEmulators(local, stops);
    // Operator commands send no mail: without a shop there is no SES emulator nor a URL to link to.
    const { MAIL_FROM: _noMail, ...coreEnv } = coreEnvOf(local, emulators);
    const config = loadConfig(coreEnv);
    await ensureStorage(emulators, config);
    setConfig(config);
    return {
      config,
      dataDir,
      source: "started",
      ...(emulators.dynamo.pid ? { javaPid: emulators.dynamo.pid } : {}),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Whether the environment carries a deployed stage's links (`npx sst shell --stage <s> -- ...`). */
export function hasStageLinks(env: Env = process.env): boolean {
  return Boolean(env.TABLE_NAME) || Object.keys(env).some((name) => name.startsWith("SST_RESOURCE_"));
}

/**
 * Runs an operator command's work against the stage of `sst shell` when its links are in the
 * environment, otherwise against the local runtime of `DATA_DIR` (attached or started, then
 * stopped again, also on Ctrl-C). `work` gets core's configuration and whether it is the local one.
 */
export async function withOperatorTarget<T>(
  work: (target: { config: Config; local: boolean }) => Promise<T>,
  env: Env = process.env,
): Promise<T> {
  if (hasStageLinks(env)) {
    const config = loadConfig(env);
    setConfig(config);
    return work({ config, local: false });
  }
  const runtime = await attachLocalRuntime({ env });
  // Java is a separate process: stop it on Ctrl-C / SIGTERM, and kill it on any other exit.
  const onSignal = () => void runtime.stop().finally(() => process.exit(130));
  const onExit = () => {
    if (runtime.javaPid) {
      try {
        process.kill(runtime.javaPid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("exit", onExit);
  try {
    return await work({ config: runtime.config, local: true });
  } finally {
    await runtime.stop();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("exit", onExit);
  }
}
