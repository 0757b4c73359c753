import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import type { BenchContext, BenchGroup, Row } from "./types.ts";

/**
 * Benchmarks (not tests): `npm run bench` runs every group, `npm run bench -- lambda` one of them.
 * Prints a table and merges the rows into bench/results.json (gitignored).
 *
 * To add a row group: write `tests/bench/<name>.ts` exporting a `BenchGroup` as default (its rows
 * and their baseline measured in the same run), then add one line below. Groups load lazily, so a
 * group's dependencies (a started shop, Chromium, ...) cost nothing when another group runs.
 */
const groups: Record<string, () => Promise<{ default: BenchGroup }>> = {
  api: () => import("./api-throughput.ts"),
  lambda: () => import("./lambda-bundle.ts"),
  "web-admin": () => import("./web-admin-chunk.ts"),
  signin: () => import("./signin.ts"),
  slug: () => import("./slug.ts"),
  orders: () => import("./orders.ts"),
  summary: () => import("./summary.ts"),
  scale: () => import("./scale.ts"),
  stream: () => import("./stream.ts"),
  fanout: () => import("./fan-out.ts"),
  web: () => import("./web-initial.ts"),
  lighthouse: () => import("./lighthouse.ts"),
  images: () => import("./images.ts"),
  pages: () => import("./pages.ts"),
  final: () => import("./final.ts"),
  occurrences: () => import("./occurrences.ts"),
};

const RESULTS = fileURLToPath(new URL("../../bench/results.json", import.meta.url));

interface Results {
  updatedAt: string;
  machine: { node: string; cpus: number; cpu: string; commit: string };
  groups: Record<string, { title: string; ranAt: string; rows: Row[] }>;
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

const context: BenchContext = {
  durationSeconds: positive(process.env.BENCH_DURATION, 10),
  connections: positive(process.env.BENCH_CONNECTIONS, 50),
  runs: positive(process.env.BENCH_RUNS, 5),
  log: (message) => process.stderr.write(`  … ${message}\n`),
};

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function printTable(title: string, rows: Row[]): void {
  const cells = rows.map((row) => [row.name, String(row.value), row.unit, row.note]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((cell) => cell[i]!.length), 4));
  console.log(`\n${title}`);
  for (const [name, value, unit, note] of cells) {
    console.log(
      `  ${name!.padEnd(widths[0]!)}  ${value!.padStart(widths[1]!)} ${unit!.padEnd(widths[2]!)}  ${note}`,
    );
  }
}

async function main(): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !(name in groups));
  if (unknown.length > 0) {
    console.error(`Unknown bench group(s): ${unknown.join(", ")}. Groups: ${Object.keys(groups).join(", ")}`);
    process.exit(2);
  }
  const selected = requested.length > 0 ? requested : Object.keys(groups);

  const results: Results = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, "utf8")) as Results)
    : ({ groups: {} } as Results);
  results.machine = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    commit: commit(),
  };

  let failed = false;
  for (const name of selected) {
    const { default: group } = await groups[name]!();
    process.stderr.write(`${group.title} [${name}]\n`);
    try {
      const rows = await group.run(context);
      printTable(group.title, rows);
      results.groups[name] = { title: group.title, ranAt: new Date().toISOString(), rows };
    } catch (error) {
      // One broken group must not hide the others' figures.
      failed = true;
      console.error(`\n${group.title} failed: ${(error as Error).stack ?? error}`);
    }
  }

  results.updatedAt = new Date().toISOString();
  mkdirSync(fileURLToPath(new URL("../../bench/", import.meta.url)), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${RESULTS}`);
  process.exit(failed ? 1 : 0);
}

await main();
