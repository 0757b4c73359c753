import { basename } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every browser journey (`tests/e2e/*.e2e.ts`), one after another in this one test file. They share
 * one started shop (tests/e2e/global-setup.ts) and must not run at the same time; as one file they
 * run beside the integration files instead of after them (vitest runs a project limited to one file
 * at a time after every other project: vitest.config.ts). Each journey's own hooks (its browser,
 * its page) stay inside its describe block. Run one journey alone with
 * `npx vitest run --project e2e -t <its describe name>`.
 */
const journeys = import.meta.glob<unknown>("./*.e2e.ts");
const names = Object.keys(journeys).sort((a, b) => order(a) - order(b) || a.localeCompare(b));

/** The smoke journey first: when the started shop is broken, it says so before the long journeys. */
function order(path: string): number {
  return basename(path) === "smoke.e2e.ts" ? 0 : 1;
}

for (const path of names) {
  describe(basename(path, ".e2e.ts"), async () => {
    await journeys[path]?.();
  });
}

describe("the e2e project", () => {
  it("runs every journey through this file: no other test file in tests/e2e", () => {
    // (A glob never lists the file it is in.)
    expect(Object.keys(import.meta.glob("./*.test.ts"))).toEqual([]);
    expect(names.length).toBeGreaterThan(0);
  });
});
