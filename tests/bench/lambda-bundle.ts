import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadConfig, setConfig } from "@fruit/core/config";
import { ensureTable, startDynamo } from "@fruit/local/services";
import { bundleLikeSst, functionUrlEvent, invokeInFreshNode, ROOT } from "../infra/sst-bundle.ts";
import { createProduct } from "../support/fixtures.ts";
import { type BenchContext, type BenchGroup, median, round } from "./types.ts";

/** The smallest Hono Lambda answering the same route: the floor any Hono API pays. */
const HELLO_HONO = `
import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
export const handler = handle(new Hono().get("/api/products", (c) => c.json([])));
`;

const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";
const PRODUCTS = 24;

const kb = (bytes: number) => round(bytes / 1024);
const sizes = (file: string) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
};

/** Median in-process and whole-process time of `runs` fresh imports answering one event. */
async function coldStarts(bundle: string, env: Record<string, string>, context: BenchContext) {
  const cold: number[] = [];
  const imports: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < context.runs; i++) {
    const run = await invokeInFreshNode<{ statusCode: number }>(
      bundle,
      functionUrlEvent("GET", "/api/products"),
      env,
    );
    if (run.result.statusCode !== 200) throw new Error(`${bundle} answered ${run.result.statusCode}`);
    cold.push(run.coldMs);
    imports.push(run.importMs);
    whole.push(run.processMs);
  }
  return { cold: median(cold), init: median(imports), whole: median(whole) };
}

/**
 * The API Lambda as SST would ship it (tests/infra/sst-bundle.ts) beside a hello-world Hono bundle
 * built the same way: size (raw, gzip) and cold start — a fresh Node process importing the bundle
 * and answering one Function URL `GET /api/products`, the API's against DynamoDB Local holding a
 * catalogue-sized table. Lambda adds its own init overhead; the ratio is the comparable figure.
 */
const group: BenchGroup = {
  title: "API Lambda bundle",
  async run(context) {
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
    try {
      const env = {
        TABLE_NAME: "bench-lambda",
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        JWT_SECRET,
        PAYMENTS: "test",
        AWS_REGION: "us-east-1",
      };
      setConfig(loadConfig(env));
      await ensureTable(dynamo.endpoint, env.TABLE_NAME);
      for (let i = 0; i < PRODUCTS; i++) await createProduct({ name: `Bench fruit ${i}` });

      context.log(`cold starts: ${context.runs} each`);
      const helloStart = await coldStarts(hello, {}, context);
      const apiStart = await coldStarts(api, env, context);
      const apiSize = sizes(api);
      const helloSize = sizes(hello);
      const runs = `median of ${context.runs}, same run`;
      return [
        {
          name: "API bundle size",
          value: kb(apiSize.raw),
          unit: "KB",
          note: "minified ESM, everything bundled",
        },
        {
          name: "API bundle size (gzip)",
          value: kb(apiSize.gzip),
          unit: "KB",
          note: "what the zip roughly costs",
        },
        {
          name: "hello Hono bundle size (gzip)",
          value: kb(helloSize.gzip),
          unit: "KB",
          note: `raw ${kb(helloSize.raw)} KB`,
        },
        {
          name: "API / hello bundle (gzip)",
          value: round(apiSize.gzip / helloSize.gzip),
          unit: "x",
          note: "same build options",
        },
        {
          name: "API cold start",
          value: round(apiStart.cold),
          unit: "ms",
          note: `import + first GET, ${runs}`,
        },
        { name: "hello Hono cold start", value: round(helloStart.cold), unit: "ms", note: runs },
        {
          name: "API / hello cold start",
          value: round(apiStart.cold / helloStart.cold),
          unit: "x",
          note: "same run",
        },
        {
          name: "API init (import only)",
          value: round(apiStart.init),
          unit: "ms",
          note: `hello: ${round(helloStart.init)} ms, ${runs}`,
        },
        {
          name: "API cold process",
          value: round(apiStart.whole),
          unit: "ms",
          note: `spawn to exit, Node boot included, ${runs}`,
        },
      ];
    } finally {
      await dynamo.stop();
      rmSync(outdir, { recursive: true, force: true });
    }
  },
};

export default group;
