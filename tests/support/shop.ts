import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@fruit/local/services";
import { isFresh, keepSeededBucket, prefillSeededBucket } from "./seeded-bucket.ts";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const START_SCRIPT = join(repoRoot, "packages/local/src/start.ts");
/** A first start may build the SPA (tens of seconds) before it answers. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** A shop started by `startShop`. */
export interface StartedShop {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  dataDir: string;
  /** The `npm start` process, e.g. to look for its children. */
  pid: number;
  /**
   * The shop's DynamoDB Local (`http://127.0.0.1:<port>`), for benchmarks that write beside the API;
   * only when `DYNAMODB_PORT` was given in `options.env` (the shop otherwise picks a port it keeps).
   */
  dynamoEndpoint?: string;
  /** Sends SIGTERM (as Ctrl-C would) and waits until the shop and its Java have exited. */
  stop(): Promise<void>;
  /** What the shop printed so far (stdout and stderr, the last 20,000 characters). */
  output(): string;
}

export interface StartShopOptions {
  /** Extra environment (PAYMENTS, ADMIN_EMAIL, ...). `PORT` and `DATA_DIR` are chosen unless given. */
  env?: Record<string, string>;
  /** Reuse a data directory (it is then kept on stop); by default a temporary one is made and removed. */
  dataDir?: string;
}

/** Variables of the caller's shell that would make the test shop collide with a running one. */
const INHERITED_BUT_OURS = [
  "PORT",
  "DATA_DIR",
  "DYNAMODB_PORT",
  "S3_PORT",
  "SES_PORT",
  "HOST",
  "JWT_SECRET",
  "PAYMENTS",
  "SEARCH_INDEXING",
  "SHOP_URL",
];

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null)
      throw new Error(`the shop exited (code ${child.exitCode}) before it answered:\n${output()}`);
    // The banner first: another process on the same port must not pass for this shop.
    if (output().includes("Fruit shop running at")) {
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the shop did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts the shop exactly as `npm start` does, in a child process on a free port with its own data
 * directory, and resolves once `/api/health` answers. For browser journeys and benchmarks.
 *
 * @example
 * const shop = await startShop();
 * await fetch(`${shop.url}/api/products`);
 * await shop.stop();
 */
export async function startShop(options: StartShopOptions = {}): Promise<StartedShop> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of INHERITED_BUT_OURS) delete env[name];
  const givenDataDir = options.dataDir ?? options.env?.DATA_DIR;
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), "fruit-shop-"));
  const port = options.env?.PORT ?? String(await freePort());
  Object.assign(env, options.env, { PORT: port, DATA_DIR: dataDir });
  // A new shop's bucket starts as the seed leaves it (tests/support/seeded-bucket.ts).
  const seedsItsBucket = isFresh(dataDir) && options.env?.BUCKET_NAME === undefined;
  const prefilled = seedsItsBucket && prefillSeededBucket(dataDir);

  const child = spawn(process.execPath, ["--import", "tsx", START_SCRIPT], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // A HOST other than every interface is where the shop is reached (loopback is 127.0.0.0/8).
  const host = options.env?.HOST && options.env.HOST !== "0.0.0.0" ? options.env.HOST : "127.0.0.1";
  const url = `http://${host}:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  if (seedsItsBucket && !prefilled) keepSeededBucket(dataDir);
  const dynamoPort = options.env?.DYNAMODB_PORT;
  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    stop,
    output: () => output,
    ...(dynamoPort ? { dynamoEndpoint: `http://127.0.0.1:${dynamoPort}` } : {}),
  };
}
