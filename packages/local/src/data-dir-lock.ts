import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StartupError } from "./services.ts";

/** Whether a process with this id exists (EPERM: it exists but belongs to another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const lockFile = (dataDir: string) => join(dataDir, "shop.pid");

/**
 * The live process (other than this one) that holds the data directory's lock, if any: a running
 * shop, or an operator command that started the emulators itself (attach.ts).
 */
export function dataDirHolder(dataDir: string): number | undefined {
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(lockFile(dataDir), "utf8").trim()) || undefined;
  } catch {
    holder = undefined;
  }
  return holder && holder !== process.pid && isRunning(holder) ? holder : undefined;
}

/**
 * Claims the data directory for this process. Two DynamoDB Local instances on one database file
 * would corrupt it, so a second shop on the same `DATA_DIR` stops with a one-line explanation; a
 * lock left by a killed shop is taken over. Returns the release function.
 */
export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const holder = dataDirHolder(dataDir);
  if (holder) {
    throw new StartupError(
      `Another shop or operator command (pid ${holder}) is using ${dataDir}; stop it or start with DATA_DIR=<another folder>.`,
    );
  }
  writeFileSync(lockFile(dataDir), `${process.pid}\n`);
  return () => rmSync(lockFile(dataDir), { force: true });
}
