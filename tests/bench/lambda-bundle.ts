import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { priceLines } from "@fruit/core/browser/money";
import { loadConfig, setConfig } from "@fruit/core/config";
import { ensureTable, startDynamo } from "@fruit/local/services";
import {
  bundleLikeSst,
  describeFiles,
  functionUrlEvent,
  invokeInFreshNode,
  ROOT,
  startupFiles,
} from "../infra/sst-bundle.ts";
import { createProduct, createUser } from "../support/fixtures.ts";
import { separateCpus, untilIdle } from "./cpus.ts";
import { type BenchContext, type BenchGroup, median, type Row, round } from "./types.ts";

/** The smallest Hono Lambda answering the same route: the floor any Hono API pays. */
const HELLO_HONO = `
import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
export const handler = handle(new Hono().get("/api/products", (c) => c.json([])));
`;

const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";
const PRODUCTS = 24;
const WARM_UP_READS = 300;
const WARM_UP_ROUNDS = 5;
const WARM_UP_CONNECTIONS = 2000;

const kb = (bytes: number) => round(bytes / 1024);

type Event = ReturnType<typeof functionUrlEvent> & { body?: string };

/** One request a cold API may be started for, and the status it must answer. */
interface Family {
  name: string;
  event: () => Event;
  status: number;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Event => ({
  ...functionUrlEvent("POST", path, { "content-type": "application/json", ...headers }),
  body: JSON.stringify(body),
});

/** Import + first request of `bundle` in a fresh process; throws unless it answered `status`. */
async function coldStart(bundle: string, event: Event, env: Record<string, string>, status: number) {
  const run = await invokeInFreshNode<{ statusCode: number; body?: string }>(bundle, event, env);
  if (run.result.statusCode !== status) {
    throw new Error(`${event.rawPath} answered ${run.result.statusCode}: ${run.result.body ?? ""}`);
  }
  return run;
}

/**
 * The API Lambda as SST ships it (tests/infra/sst-bundle.ts with the stacks' `nodejs` options: ESM,
 * code splitting, minified) beside a hello-world Hono bundle built the same way: what a cold
 * catalogue request loads (the entry, its static chunks and any chunk the request imports) and the
 * cold start of each route family — a fresh Node process importing the bundle and answering one
 * Function URL request, against DynamoDB Local holding a catalogue-sized table (its JVM warmed up
 * first, as DynamoDB itself is always warm). Hello and the
 * families take turns in every round, so machine load falls on both alike; medians of BENCH_RUNS.
 * Lambda adds its own init overhead; the ratios are the comparable figures.
 */
const group: BenchGroup = {
  title: "API Lambda bundle",
  async run(context: BenchContext): Promise<Row[]> {
    const outdir = mkdtempSync(join(tmpdir(), "fruit-bench-lambda-"));
    context.log("bundling");
    const [api, hello] = await Promise.all([
      bundleLikeSst({ file: join(ROOT, "packages/functions/src/lambda/api.ts") }, join(outdir, "api")),
      bundleLikeSst(
        { contents: HELLO_HONO, resolveDir: join(ROOT, "packages/functions/src/lambda"), name: "hello" },
        join(outdir, "hello"),
      ),
    ]);
    context.log("starting DynamoDB Local");
    const dynamo = await startDynamo();
    // DynamoDB never competes with the function for a CPU; nor does the emulator here (cpus.ts).
    const cpus = separateCpus(dynamo.pid, [process.pid]);
    try {
      const env = {
        TABLE_NAME: "bench-lambda",
        BUCKET_NAME: "bench-images",
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        // Presigning a POST signs locally; nothing is sent to this address.
        S3_ENDPOINT: "http://127.0.0.1:9",
        S3_ACCESS_KEY_ID: "bench-access-key",
        S3_SECRET_ACCESS_KEY: "bench-secret-key",
        JWT_SECRET,
        PAYMENTS: "test",
        AWS_REGION: "us-east-1",
      };
      setConfig(loadConfig(env));
      await ensureTable(dynamo.endpoint, env.TABLE_NAME);
      const products = [];
      for (let i = 0; i < PRODUCTS; i++) {
        products.push(await createProduct({ name: `Bench fruit ${i}`, countInStock: 1_000_000 }));
      }
      // DynamoDB Local is a JVM: its first few hundred requests run colder code than DynamoDB ever
      // does. Warm it with the reads the families make, so the cold starts measure the function.
      context.log("warming DynamoDB Local");
      const shop = await import("@fruit/core/products");
      for (let i = 0; i < WARM_UP_READS; i++) {
        await shop.list();
        await shop.fromId(products[i % PRODUCTS]!._id);
      }
      // A cold start's read is the first request on a new connection: a path (accepting it, setting up
      // its HTTP exchange) that reads over one kept-alive connection never warm. Warm it the same way.
      const fresh = new DynamoDBClient({
        region: "us-east-1",
        endpoint: dynamo.endpoint,
        credentials: { accessKeyId: "local", secretAccessKey: "local" },
        requestHandler: { httpAgent: new Agent({ keepAlive: false }) },
      });
      for (let i = 0; i < WARM_UP_CONNECTIONS; i++) {
        const Key = { pk: { S: `PRODUCT#${products[i % PRODUCTS]!._id}` }, sk: { S: "PRODUCT" } };
        await fresh.send(new GetItemCommand({ TableName: env.TABLE_NAME, Key }));
      }
      fresh.destroy();
      const shopper = await createUser();
      const admin = await createUser({ isAdmin: true });
      const product = products[0]!;
      const families: Family[] = [
        { name: "catalogue", event: () => functionUrlEvent("GET", "/api/products"), status: 200 },
        {
          name: "sign-in",
          event: () => post("/api/users/signin", { email: shopper.email, password: shopper.password }),
          status: 200,
        },
        {
          name: "order",
          event: () =>
            post(
              "/api/orders",
              {
                orderItems: [{ _id: product._id, quantity: 1 }],
                shippingAddress: {
                  fullName: "Bench Buyer",
                  address: "1 Orchard Rd",
                  city: "Montreal",
                  postalCode: "H2X 1Y4",
                  country: "Canada",
                },
                paymentMethod: "PayPal",
                ...priceLines([{ price: product.price, quantity: 1 }]),
              },
              shopper.auth,
            ),
          status: 201,
        },
        {
          name: "admin upload",
          event: () => post("/api/uploads/presign", { contentType: "image/webp", size: 20_000 }, admin.auth),
          status: 200,
        },
      ];

      context.log("tracing what a cold catalogue request loads");
      const traced = await invokeInFreshNode<{ statusCode: number }>(
        api.entry,
        functionUrlEvent("GET", "/api/products"),
        env,
        { trace: true },
      );
      const catalogue = describeFiles(api, traced.loaded ?? []);
      const startup = describeFiles(api, startupFiles(api));
      const whole = describeFiles(api, api.files);
      const helloSize = describeFiles(hello, hello.files);

      // Each cold start opens a new connection, a path of DynamoDB Local's JVM the warm-up's reads (one
      // kept-alive connection) never took: untimed rounds of the same cold starts warm it too. Then the
      // JVM compiles what ran hot, on its own CPU (separateCpus above): wait for it to go quiet, so the
      // timed rounds meet an emulator that is serving, not compiling.
      context.log(`warming up: ${WARM_UP_ROUNDS} untimed rounds`);
      for (let i = 0; i < WARM_UP_ROUNDS; i++) {
        await coldStart(hello.entry, functionUrlEvent("GET", "/api/products"), {}, 200);
        for (const family of families) await coldStart(api.entry, family.event(), env, family.status);
      }
      const waited = await untilIdle(dynamo.pid);
      context.log(`DynamoDB Local idle after ${round(waited / 1000, 1)} s`);
      context.log(`cold starts: ${context.runs} rounds of hello + ${families.length} route families`);
      const helloTimes = { cold: [] as number[], init: [] as number[] };
      const times = new Map(families.map((family) => [family.name, [] as number[]]));
      const apiInit: number[] = [];
      for (let i = 0; i < context.runs; i++) {
        const helloRun = await coldStart(hello.entry, functionUrlEvent("GET", "/api/products"), {}, 200);
        helloTimes.cold.push(helloRun.coldMs);
        helloTimes.init.push(helloRun.importMs);
        for (const family of families) {
          const run = await coldStart(api.entry, family.event(), env, family.status);
          times.get(family.name)!.push(run.coldMs);
          if (family.name === "catalogue") apiInit.push(run.importMs);
        }
      }
      const helloCold = median(helloTimes.cold);
      const runs = `median of ${context.runs}, same run`;
      const rows: Row[] = [
        {
          name: "API bundle, all files (gzip)",
          value: kb(whole.gzipBytes),
          unit: "KB",
          note: `${whole.files.length} files, raw ${kb(whole.rawBytes)} KB; minified ESM, code splitting`,
        },
        {
          name: "API catalogue path (gzip)",
          value: kb(catalogue.gzipBytes),
          unit: "KB",
          note: `files a cold GET /api/products loads: ${catalogue.files.length} (startup: ${startup.files.length}, ${kb(startup.gzipBytes)} KB); goal <= 60 KB`,
        },
        {
          name: "hello Hono bundle (gzip)",
          value: kb(helloSize.gzipBytes),
          unit: "KB",
          note: `raw ${kb(helloSize.rawBytes)} KB`,
        },
        {
          name: "API catalogue path / hello (gzip)",
          value: round(catalogue.gzipBytes / helloSize.gzipBytes),
          unit: "x",
          note: "same build options",
        },
        {
          name: "hello Hono cold start",
          value: round(helloCold),
          unit: "ms",
          note: `import + first GET, ${runs}`,
        },
      ];
      for (const family of families) {
        const cold = median(times.get(family.name)!);
        const request = family.event();
        rows.push(
          {
            name: `API cold start: ${family.name}`,
            value: round(cold),
            unit: "ms",
            note: `import + first ${request.requestContext.http.method} ${request.rawPath}, ${runs}`,
          },
          {
            name: `API / hello cold start: ${family.name}`,
            value: round(cold / helloCold),
            unit: "x",
            note: family.name === "catalogue" ? "goal <= 2x" : "same run",
          },
        );
      }
      rows.push({
        name: "API init (import only)",
        value: round(median(apiInit)),
        unit: "ms",
        note: `hello: ${round(median(helloTimes.init))} ms, ${runs}`,
      });
      return rows;
    } finally {
      cpus.restore();
      await dynamo.stop();
      rmSync(outdir, { recursive: true, force: true });
    }
  },
};

export default group;
