import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { type BenchContext, type Row, round } from "./types.ts";

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

/** What one load test sends; every field but the URL is optional. */
export interface LoadOptions {
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  /** The same body on every request (see `setupRequest` for one that changes). */
  body?: string;
  /** Overrides the context's connection count (a row that fixes its own concurrency). */
  connections?: number;
  /** Called before each request: may change its headers or body (unique keys, rotating accounts). */
  setupRequest?: (request: { headers: Record<string, string>; body?: string }) => typeof request;
}

/**
 * Loads one URL with autocannon: a short warm-up first (JIT, connection pools, the table's first
 * reads), then the measured run. A non-2xx answer or more than 1 % failed requests aborts, so a fast
 * stream of errors can never pass for throughput; a few timeouts are reported by `problems()`.
 */
export async function load(
  url: string,
  context: BenchContext,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const { setupRequest, connections, ...request } = options;
  const common = {
    url,
    connections: connections ?? context.connections,
    ...request,
    headers: options.headers ?? {},
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  };
  await autocannon({ ...common, duration: Math.min(2, context.durationSeconds) });
  const result = await autocannon({ ...common, duration: context.durationSeconds });
  const failed = result.errors + result.timeouts;
  if (result.non2xx > 0 || failed > result.requests.total / 100) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${failed} failed of ${result.requests.total}`);
  }
  return result;
}

/** "" for a clean run, else what went wrong, for a row's note. */
export const problems = (result: Pick<LoadResult, "errors" | "timeouts">): string =>
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

/**
 * One GET of the shop beside the ceiling: fetches the URL once, serves the same bytes (and content
 * type) from the bare server, loads both with the same settings and returns the five rows
 * (throughput, p99, ceiling throughput, ceiling p99, ratio). `describe` names what was answered.
 */
export async function againstCeiling(
  baseUrl: string,
  path: string,
  context: BenchContext,
  options: { connections?: number; describe?: (body: Buffer) => string } = {},
): Promise<Row[]> {
  const first = await fetch(`${baseUrl}${path}`);
  if (!first.ok) throw new Error(`GET ${path} answered ${first.status}`);
  const body = Buffer.from(await first.arrayBuffer());
  const ceiling = await startCeilingServer(body, first.headers.get("content-type") ?? "application/json");
  try {
    const connections = options.connections ?? context.connections;
    const setting = `${connections} connections, ${context.durationSeconds} s`;
    context.log(`loading GET ${path}: ${setting}`);
    const api = await load(`${baseUrl}${path}`, context, { connections });
    context.log(`loading the ceiling: ${setting}`);
    const bare = await load(ceiling.url, context, { connections });
    const what = [options.describe?.(body), `${body.length} bytes`, setting].filter(Boolean).join(", ");
    return [
      {
        name: `GET ${path} throughput`,
        value: round(api.requests.average, 0),
        unit: "req/s",
        note: `${what}${problems(api)}`,
      },
      { name: `GET ${path} p99 latency`, value: api.latency.p99, unit: "ms", note: "same run" },
      {
        name: "ceiling: bare node:http, same bytes",
        value: round(bare.requests.average, 0),
        unit: "req/s",
        note: "from memory, own process",
      },
      { name: "ceiling p99 latency", value: bare.latency.p99, unit: "ms", note: "same run" },
      {
        name: `GET ${path} / ceiling`,
        value: round((100 * api.requests.average) / bare.requests.average),
        unit: "%",
        note: "throughput ratio, same run",
      },
    ];
  } finally {
    await ceiling.stop();
  }
}

/** Latency percentile (nearest rank) of durations in ms. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** What one slice of a workload did: each operation's latency (ms), and the slice's wall time (s). */
export interface Slice {
  latencies: number[];
  seconds: number;
}

/** A workload `interleave` runs in slices: it runs for about `seconds` each time it is called. */
export type Workload = (seconds: number) => Promise<Slice>;

/** A workload's figures over all its slices. */
export interface Throughput {
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
}

/**
 * A closed loop in this process as a workload: `inFlight` workers call `task` back to back — the
 * in-process counterpart of an autocannon run with as many connections. `task` gets a running index.
 */
export function closedLoop(task: (index: number) => Promise<void>, inFlight: number): Workload {
  let next = 0;
  return async (seconds) => {
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await task(next++);
        latencies.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: inFlight }, worker));
    return { latencies, seconds: (performance.now() - started) / 1000 };
  };
}

/**
 * autocannon loading one URL as a workload: each slice is one run, every response's latency kept. A
 * non-2xx answer or more than 1 % failed requests in a slice aborts, as in `load`; `failures()` counts
 * the errors and timeouts (>10 s) of every slice, for `problems`-style notes.
 */
export function autocannonLoad(
  url: string,
  options: LoadOptions & { connections: number },
): Workload & { failures(): { errors: number; timeouts: number } } {
  const { setupRequest, ...request } = options;
  const failed = { errors: 0, timeouts: 0 };
  const workload = async (seconds: number) => {
    const latencies: number[] = [];
    const started = performance.now();
    const run = autocannon({
      url,
      ...request,
      headers: options.headers ?? {},
      ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
      duration: seconds,
    }) as unknown as Promise<LoadResult> & {
      on(
        event: "response",
        listener: (client: unknown, status: number, bytes: number, ms: number) => void,
      ): void;
    };
    run.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
    const result = await run;
    const elapsed = (performance.now() - started) / 1000;
    failed.errors += result.errors;
    failed.timeouts += result.timeouts;
    if (result.non2xx > 0 || result.errors + result.timeouts > result.requests.total / 100) {
      throw new Error(
        `${url}: ${result.non2xx} non-2xx answers, ${result.errors + result.timeouts} failed of ${result.requests.total}`,
      );
    }
    return { latencies, seconds: elapsed };
  };
  return Object.assign(workload, { failures: () => ({ ...failed }) });
}

/**
 * Compares workloads on one server by running them in alternating slices — A B, then B A (with
 * three: A B C, then C B A) — `slices` of `seconds / slices` each, after a warm-up of up to 2 s each,
 * and answers each one's throughput over its own slices and its latency percentiles. All of them then
 * meet the same machine: the load of other processes as it changes, and the warm-up of the server they
 * share (DynamoDB Local's JVM compiles its hot paths during the first tens of seconds of load). Run one
 * after the other, the first would carry all of that alone.
 */
export async function interleave(
  workloads: readonly Workload[],
  seconds: number,
  slices = 4,
): Promise<Throughput[]> {
  for (const workload of workloads) await workload(Math.min(2, seconds));
  const runs: Slice[][] = workloads.map(() => []);
  const forward = workloads.map((_, index) => index);
  for (let i = 0; i < slices; i++) {
    // Forward, then backward: each position in a round goes to each workload as often.
    for (const side of i % 2 === 0 ? forward : [...forward].reverse()) {
      runs[side]!.push(await workloads[side]!(seconds / slices));
    }
  }
  const figures = (of: Slice[]): Throughput => {
    const latencies = of.flatMap((slice) => slice.latencies);
    const elapsed = of.reduce((sum, slice) => sum + slice.seconds, 0);
    return {
      perSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      total: latencies.length,
    };
  };
  return runs.map(figures);
}
