import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataDirOf, loadLocalConfig } from "./local-config.ts";

const env = { DATA_DIR: "/tmp/fruit-local-paths-test", JWT_SECRET: "x".repeat(32) };
const packageName = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;

// The runtime finds the repository from its own file, so a move of this package must keep these.
describe("the local runtime's repository paths", () => {
  it("finds the repository root and the web package beside it", () => {
    const { paths } = loadLocalConfig(env);
    expect(packageName(paths.repoRoot)).toBe("fruit-shop");
    expect(packageName(paths.webDir)).toBe("@fruit/web");
    expect(paths.webDist).toBe(join(paths.webDir, "dist"));
  });

  it("keeps the default data directory at the repository's .data", () => {
    expect(dataDirOf({})).toBe(join(loadLocalConfig(env).paths.repoRoot, ".data"));
  });
});
