/** One line of the results table. */
export interface Row {
  name: string;
  value: number;
  unit: string;
  /** What the figure is compared with, or how it was measured. */
  note: string;
}

/** Shared settings, read once from the environment by run.ts. */
export interface BenchContext {
  /** Seconds per load test (BENCH_DURATION, default 10). */
  durationSeconds: number;
  /** Concurrent connections per load test (BENCH_CONNECTIONS, default 50). */
  connections: number;
  /** Repetitions of one-shot measurements such as cold starts (BENCH_RUNS, default 5). */
  runs: number;
  /** Progress line on stderr, so the table on stdout stays clean. */
  log(message: string): void;
}

/**
 * A group of rows measured together, so that a figure and its baseline come from the same run on
 * the same machine. Each group is one file exporting it as default, registered in run.ts.
 */
export interface BenchGroup {
  title: string;
  run(context: BenchContext): Promise<Row[]>;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));
