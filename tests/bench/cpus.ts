import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/**
 * What the benches read from Linux's /proc and ask of its scheduler, so that DynamoDB Local (a JVM on
 * the same small machine) is measured as the separate service DynamoDB is: in production the database
 * never competes with the API for a CPU (docs/decisions/021-placement-checks-the-caller.md). Off Linux
 * every helper answers "unknown" and changes nothing.
 */

/** CPU time (user + system, in clock ticks) a process has used so far; undefined off Linux. */
export function cpuTicks(pid: number): number | undefined {
  try {
    // Fields after the command's closing parenthesis: state is the 1st, utime the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until a process uses under 5 % of a core over half a second (Linux clock ticks are 1/100 s),
 * at most 20 s; answers the milliseconds waited.
 */
export async function untilIdle(pid: number | undefined): Promise<number> {
  const started = performance.now();
  if (pid === undefined || cpuTicks(pid) === undefined) return 0;
  for (let before = cpuTicks(pid)!; performance.now() - started < 20_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTicks(pid) ?? before;
    if (now - before <= 2) break;
    before = now;
  }
  return performance.now() - started;
}

const read = (path: string): string => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

/** Every process started by `pid`, its children's children included (any thread may have forked). */
function descendants(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) =>
    read(`/proc/${pid}/task/${task}/children`).split(" ").filter(Boolean).map(Number),
  );
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** The first process under `pid` whose command line contains `marker`, if any. */
export function findDescendant(pid: number, marker: string): number | undefined {
  return descendants(pid).find((child) => read(`/proc/${child}/cmdline`).includes(marker));
}

const setAffinity = (pid: number, cpus: string): void => {
  // -a: every thread the process has; threads started later inherit their creator's CPUs.
  execFileSync("taskset", ["-a", "-c", "-p", cpus, String(pid)], { stdio: "ignore" });
};

export interface CpuSplit {
  /** How the CPUs were split, or why they stayed shared, for a row's note. */
  note: string;
  /** Gives the processes every CPU again. */
  restore(): void;
}

/**
 * Gives `server` the machine's last CPU to itself and `clients` the others, so the load's and the
 * API's CPU time cannot slow the server down: each compared arm then meets a server of the same
 * capacity, as every Lambda meets DynamoDB's. Without two CPUs or `taskset` (util-linux), or off Linux,
 * it leaves the scheduler alone and says so.
 */
export function separateCpus(server: number | undefined, clients: number[]): CpuSplit {
  const count = availableParallelism();
  const all = `0-${count - 1}`;
  const others = count > 2 ? `0-${count - 2}` : "0";
  if (server === undefined || count < 2)
    return { note: "CPUs shared (no second CPU or no server process found)", restore: () => {} };
  const restore = () => {
    for (const pid of [server, ...clients]) {
      try {
        setAffinity(pid, all);
      } catch {
        // The process has ended, or taskset is missing.
      }
    }
  };
  try {
    setAffinity(server, String(count - 1));
    for (const client of clients) setAffinity(client, others);
  } catch {
    restore();
    return { note: "CPUs shared (taskset unavailable)", restore: () => {} };
  }
  return {
    note: `DynamoDB Local alone on CPU ${count - 1}, the shop and the load on CPU ${others}`,
    restore,
  };
}
