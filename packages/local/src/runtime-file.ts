import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * `DATA_DIR/runtime.json`: how to reach a running local shop. The shop writes it once its emulators
 * answer and removes it on stop; operator commands (`npm run stats:rebuild`, `npm run stage:init`)
 * read it through attach.ts, so nobody types an emulator port or a secret by hand. It holds the
 * shop's pid and the exact environment the shop hands to core's `loadConfig` (endpoints, table,
 * bucket, JWT secret, emulator credentials), hence mode 0600.
 */
export interface RuntimeFile {
  pid: number;
  env: Record<string, string>;
}

export const runtimeFilePath = (dataDir: string): string => join(dataDir, "runtime.json");

/**
 * Writes the file atomically (a temporary file created with mode 0600, then renamed over), so a
 * reader never sees half of it. Returns the function that removes it again.
 */
export function writeRuntimeFile(dataDir: string, runtime: RuntimeFile): () => void {
  const file = runtimeFilePath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(runtime, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return () => {
    // Only our own: a later shop on the same data dir may have replaced it.
    if (readRuntimeFile(dataDir)?.pid === runtime.pid) rmSync(file, { force: true });
  };
}

/** The file's content, or undefined when it is missing or not what a shop writes. */
export function readRuntimeFile(dataDir: string): RuntimeFile | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(runtimeFilePath(dataDir), "utf8"));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { pid, env } = parsed as { pid?: unknown; env?: unknown };
  if (!Number.isInteger(pid) || typeof env !== "object" || env === null) return undefined;
  const entries = Object.entries(env);
  if (!entries.every(([, value]) => typeof value === "string")) return undefined;
  return { pid: pid as number, env: Object.fromEntries(entries) as Record<string, string> };
}
