import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRuntimeFile, runtimeFilePath, writeRuntimeFile } from "./runtime-file.ts";

const dir = mkdtempSync(join(tmpdir(), "fruit-runtime-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("DATA_DIR/runtime.json", () => {
  it("is written readable by its owner only, read back as written, and removed by its writer", () => {
    const runtime = { pid: process.pid, env: { TABLE_NAME: "fruit-shop", JWT_SECRET: "s".repeat(32) } };
    const remove = writeRuntimeFile(dir, runtime);
    expect(statSync(runtimeFilePath(dir)).mode & 0o777).toBe(0o600);
    expect(readRuntimeFile(dir)).toEqual(runtime);
    remove();
    expect(existsSync(runtimeFilePath(dir))).toBe(false);
    expect(readRuntimeFile(dir)).toBeUndefined();
  });

  it("leaves a newer shop's file alone when an older writer removes its own", () => {
    const removeOld = writeRuntimeFile(dir, { pid: 1, env: {} });
    writeRuntimeFile(dir, { pid: 2, env: {} });
    removeOld();
    expect(readRuntimeFile(dir)?.pid).toBe(2);
  });

  it("ignores a file that is not what a shop writes", () => {
    for (const content of ["{", "null", '{"pid":"12","env":{}}', '{"pid":12,"env":{"A":1}}', '{"pid":12}']) {
      writeFileSync(runtimeFilePath(dir), content);
      expect(readRuntimeFile(dir), content).toBeUndefined();
    }
  });
});
