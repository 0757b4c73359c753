import { defineConfig } from "vitest/config";

/**
 * `npm test` runs every suite in one vitest run:
 * - unit: pure code beside its source (core, functions, web components in jsdom);
 * - integration: the API through `app.request()`, the Lambda bundles and the stream handler over one
 *   DynamoDB Local + S3 emulator started once per run (tests/support/global-setup.ts), each file on
 *   its own table;
 * - infra: the SST wiring evaluated with a recording stand-in;
 * - e2e: Chromium journeys against one started shop (tests/e2e/global-setup.ts), one after another
 *   in one file that runs beside the others.
 */
export default defineConfig({
  test: {
    // Two files at a time (vitest's default is one fewer than the cores: one on a 2-core machine).
    // Most of an integration file's time is spent waiting on DynamoDB Local, the S3 emulator or a
    // started shop, so a second file runs in that time. Three were measured slower here: the run is
    // nearly CPU-bound (about 1,000 CPU-seconds on 2 cores) and a third file only adds contention.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/{core,functions,local,ops,tools}/src/**/*.test.ts"],
          environment: "node",
          // A guard, not a goal: image tests decode and encode real images, which on a loaded 2-core
          // machine take several times vitest's default of 5 s (README, "Tests").
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["packages/web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/support/web-setup.ts"],
          // A guard, not a goal: rendering a screen in jsdom on a loaded machine (README, "Tests").
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "infra",
          include: ["tests/infra/**/*.test.ts"],
          // A guard, not a goal: evaluating the stacks imports SST's components, which on a loaded
          // 2-core machine takes longer than vitest's default of 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          // One file (tests/e2e/all.test.ts) runs every journey in turn: a project limited to one
          // file at a time (`fileParallelism: false`) would run after all the others, on one core.
          include: ["tests/e2e/all.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
