import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir, dataDirHolder } from "./data-dir-lock.ts";

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "fruit-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has: above every running one. */
const deadPid = () =>
  Math.max(
    ...execFileSync("ps", ["-eo", "pid="], { encoding: "utf8" })
      .split("\n")
      .map(Number)
      .filter(Number.isFinite),
  ) + 1000;

describe("the data-dir lock", () => {
  it("refuses a data dir held by another live process (a shop or an operator command), naming it", () => {
    const dir = freshDir();
    writeFileSync(join(dir, "shop.pid"), `${process.ppid}\n`);
    expect(dataDirHolder(dir)).toBe(process.ppid);
    expect(() => claimDataDir(dir)).toThrow(
      new RegExp(`^Another shop or operator command \\(pid ${process.ppid}\\) is using `),
    );
  });

  it("takes over the lock of a killed process and releases it again", () => {
    const dir = freshDir();
    writeFileSync(join(dir, "shop.pid"), `${deadPid()}\n`);
    expect(dataDirHolder(dir)).toBeUndefined();
    const release = claimDataDir(dir);
    expect(readFileSync(join(dir, "shop.pid"), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "shop.pid"))).toBe(false);
  });
});
