import { type ChildProcess, spawn } from "node:child_process";

/**
 * A busy loop in a child process, so that a race is run on a loaded machine (issue 42: the sign-in
 * throttle failed once in five runs of 100 parallel guesses on a busy machine). Start it in
 * `beforeAll` and stop it in `afterAll`, so a test that times out still stops it. The loop also ends
 * by itself when the test process is gone (its parent changes) or after `lifetimeSeconds`, so a
 * crashed run leaves nothing spinning.
 */
export interface CpuHog {
  stop(): Promise<void>;
}

const LOOP = (lifetimeSeconds: number) => `
const parent = process.ppid;
const end = Date.now() + ${lifetimeSeconds * 1000};
for (let i = 0; ; i += 1) {
  if (i % 1e6 === 0 && (process.ppid !== parent || Date.now() > end)) process.exit(0);
}`;

/** Starts the hog. */
export function startCpuHog({ lifetimeSeconds = 300 } = {}): CpuHog {
  const child: ChildProcess = spawn(process.execPath, ["-e", LOOP(lifetimeSeconds)], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
