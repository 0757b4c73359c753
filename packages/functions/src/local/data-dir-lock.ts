import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StartupError } from "./services.ts";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims the data directory for this process. Two DynamoDB Local instances on one database file
 * would corrupt it, so a second shop on the same `DATA_DIR` stops with a one-line explanation; a
 * lock left by a killed shop is taken over. Returns the release function.
 */
export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "shop.pid");
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(file, "utf8").trim()) || undefined;
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new StartupError(
      `Another shop (pid ${holder}) is using ${dataDir}; stop it or start with DATA_DIR=<another folder>.`,
    );
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}
