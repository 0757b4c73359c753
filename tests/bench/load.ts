import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import type { BenchContext } from "./types.ts";

const require = createRequire(import.meta.url);

/** The part of autocannon's result the benchmarks read (the package ships no types). */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

type Autocannon = (options: Record<string, unknown>) => Promise<LoadResult>;
const autocannon = require("autocannon") as Autocannon;

/**
 * Loads one URL with autocannon: a short warm-up first (JIT, connection pools, the table's first
 * reads), then the measured run. A non-2xx answer or more than 1 % failed requests aborts, so a fast
 * stream of errors can never pass for throughput; a few timeouts are reported by `problems()`.
 */
export async function load(
  url: string,
  context: BenchContext,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const common = { url, connections: context.connections, headers };
  await autocannon({ ...common, duration: Math.min(2, context.durationSeconds) });
  const result = await autocannon({ ...common, duration: context.durationSeconds });
  const failed = result.errors + result.timeouts;
  if (result.non2xx > 0 || failed > result.requests.total / 100) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${failed} failed of ${result.requests.total}`);
  }
  return result;
}

/** "" for a clean run, else what went wrong, for a row's note. */
export const problems = (result: LoadResult): string =>
  result.errors + result.timeouts > 0
    ? `; ${result.errors} errors incl. ${result.timeouts} timeouts (>10 s)`
    : "";

const CEILING_SERVER = `
const { createServer } = require("node:http");
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const body = Buffer.concat(chunks);
  const type = process.argv[1];
  createServer((req, res) => {
    res.writeHead(200, { "content-type": type, "content-length": body.length });
    res.end(body);
  }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });
});
`;

/**
 * The ceiling: a bare `node:http` server answering every request with the given bytes from memory.
 * It runs in its own process, like the shop, so it does not share an event loop with autocannon.
 */
export async function startCeilingServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["-e", CEILING_SERVER, contentType], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin!.end(body);
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the ceiling server exited (${code})`)));
    child.stdout!.once("data", (data: Buffer) => resolve(Number(data.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
