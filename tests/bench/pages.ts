import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { loadConfig, setConfig } from "@fruit/core/config";
import { ensureBucket, ensureTable, s3Client, startDynamo, startS3 } from "@fruit/local/services";
import { bundleLikeSst, functionUrlEvent, invokeInFreshNode, ROOT } from "../infra/sst-bundle.ts";
import { createProduct } from "../support/fixtures.ts";
import { startShop } from "../support/shop.ts";
import { load, problems } from "./load.ts";
import { type BenchContext, type BenchGroup, median, type Row, round } from "./types.ts";
import { builtWeb, DIST } from "./web-dist.ts";

/** The smallest Hono Lambda answering one page: the floor any Hono function pays. */
const HELLO_HONO = `
import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
export const handler = handle(new Hono().get("/product/:slug", (c) => c.html("<!doctype html><title>hello</title>")));
`;

/** The rows' own concurrency, whatever BENCH_CONNECTIONS says: a page is one request per visitor. */
const CONNECTIONS = 10;
const WARM_UP_ROUNDS = 3;

/**
 * The public pages' HTML (docs/decisions/034-page-heads.md). (1) On the started shop (`npm start`),
 * `GET /product/strawberry` — index.html with the product's head, rendered on every request
 * locally — against `GET /index.html`, the same build's file served from memory, and against the
 * product's API read the SPA makes anyway: p50 and throughput at 10 connections, same run. (2) The page function as SST ships it: a fresh Node
 * process importing the bundle and answering one product page (a slug read, the product's
 * partition, index.html and the image's state from the bucket), against a hello-world Hono bundle
 * built the same way; medians of BENCH_RUNS, taking turns. Lambda adds its own init overhead; the
 * ratio is the comparable figure (goal ≤ 2×).
 */
const group: BenchGroup = {
  title: "Page heads: product page HTML and the page function's cold start",
  async run(context: BenchContext): Promise<Row[]> {
    return [...(await htmlRows(context)), ...(await coldStartRows(context))];
  },
};

async function htmlRows(context: BenchContext): Promise<Row[]> {
  context.log("starting the shop");
  const shop = await startShop();
  try {
    // The seed's image variants are made in the background after start: measure once they are done.
    for (let i = 0; i < 300; i++) {
      if ((await fetch(`${shop.url}/images/seed/strawberry/share.jpg`)).ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const setting = `${CONNECTIONS} connections, ${context.durationSeconds} s`;
    context.log(`loading GET /product/strawberry: ${setting}`);
    const page = await load(`${shop.url}/product/strawberry`, context, { connections: CONNECTIONS });
    context.log(`loading GET /index.html: ${setting}`);
    const file = await load(`${shop.url}/index.html`, context, { connections: CONNECTIONS });
    context.log(`loading GET /api/products/slug/strawberry: ${setting}`);
    const read = await load(`${shop.url}/api/products/slug/strawberry`, context, {
      connections: CONNECTIONS,
    });
    return [
      {
        name: "product page HTML p50",
        value: page.latency.p50,
        unit: "ms",
        note: `GET /product/strawberry on npm start, ${setting}; ${round(page.requests.average, 0)} req/s${problems(page)}`,
      },
      {
        name: "static index.html p50",
        value: file.latency.p50,
        unit: "ms",
        note: `GET /index.html, same shop, same run; ${round(file.requests.average, 0)} req/s`,
      },
      {
        name: "the same product's API read p50",
        value: read.latency.p50,
        unit: "ms",
        note: `GET /api/products/slug/strawberry (the SPA's own read), same run; ${round(read.requests.average, 0)} req/s`,
      },
      {
        name: "product page / static index.html throughput",
        value: round((100 * page.requests.average) / file.requests.average),
        unit: "%",
        note: "same run",
      },
    ];
  } finally {
    await shop.stop();
  }
}

async function coldStartRows(context: BenchContext): Promise<Row[]> {
  await builtWeb(context);
  const outdir = mkdtempSync(join(tmpdir(), "fruit-bench-pages-"));
  context.log("bundling");
  const [pages, hello] = await Promise.all([
    bundleLikeSst({ file: join(ROOT, "packages/functions/src/lambda/pages.ts") }, join(outdir, "pages")),
    bundleLikeSst(
      { contents: HELLO_HONO, resolveDir: join(ROOT, "packages/functions/src/lambda"), name: "hello" },
      join(outdir, "hello"),
    ),
  ]);
  context.log("starting DynamoDB Local and the object store");
  const dynamo = await startDynamo();
  const store = await startS3({ directory: join(outdir, "s3") });
  try {
    const env = {
      TABLE_NAME: "bench-pages",
      BUCKET_NAME: "bench-pages",
      WEB_BUCKET: "bench-pages",
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: store.endpoint,
      S3_ACCESS_KEY_ID: store.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: store.credentials.secretAccessKey,
      SHOP_URL: "https://shop.example.com",
      SEARCH_INDEXING: "on",
      AWS_REGION: "us-east-1",
    };
    setConfig(loadConfig(env));
    await ensureTable(dynamo.endpoint, env.TABLE_NAME);
    await ensureBucket(store, env.BUCKET_NAME);
    await s3Client(store).send(
      new PutObjectCommand({
        Bucket: env.WEB_BUCKET,
        Key: "index.html",
        Body: readFileSync(join(DIST, "index.html")),
        ContentType: "text/html",
      }),
    );
    const product = await createProduct({ name: "Bench Fig" });
    const event = () => functionUrlEvent("GET", `/product/${product.slug}`);
    const cold = async (bundle: string, environment: Record<string, string>) => {
      const run = await invokeInFreshNode<{ statusCode: number }>(bundle, event(), environment);
      if (run.result.statusCode !== 200) throw new Error(`the page answered ${run.result.statusCode}`);
      return run;
    };
    context.log(`warming up: ${WARM_UP_ROUNDS} untimed rounds`);
    for (let i = 0; i < WARM_UP_ROUNDS; i++) {
      await cold(hello.entry, {});
      await cold(pages.entry, env);
    }
    context.log(`cold starts: ${context.runs} rounds`);
    const helloTimes: number[] = [];
    const pageTimes: number[] = [];
    const pageInit: number[] = [];
    for (let i = 0; i < context.runs; i++) {
      helloTimes.push((await cold(hello.entry, {})).coldMs);
      const run = await cold(pages.entry, env);
      pageTimes.push(run.coldMs);
      pageInit.push(run.importMs);
    }
    const runs = `median of ${context.runs}, same run`;
    return [
      { name: "hello Hono cold start (page)", value: round(median(helloTimes)), unit: "ms", note: runs },
      {
        name: "page function cold start",
        value: round(median(pageTimes)),
        unit: "ms",
        note: `import + first GET /product/{slug}; init ${round(median(pageInit))} ms; ${runs}`,
      },
      {
        name: "page function / hello cold start",
        value: round(median(pageTimes) / median(helloTimes)),
        unit: "x",
        note: "goal <= 2x",
      },
    ];
  } finally {
    await store.stop();
    await dynamo.stop();
    rmSync(outdir, { recursive: true, force: true });
  }
}

export default group;
