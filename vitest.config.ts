import { globSync, readFileSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";

const UNIT = "packages/{core,functions,local,ops,tools}/src/**/*.test.ts";
const WEB = "packages/web/src/**/*.test.{ts,tsx}";
const INTEGRATION = "tests/integration/**/*.test.ts";

/**
 * The test files among `pattern` that replace a module (`vi.mock`, `vi.doMock`). The unit, web and
 * integration files run without isolation — one module cache per worker, not per file — which a module mock
 * cannot share: a module another file already imported keeps its real code, and a mock would stay
 * for the files after. These files run in projects of their own, isolated as vitest's default is.
 * Found by reading the files, so a new mock cannot land in a shared cache by mistake.
 */
function mocking(pattern: string): string[] {
  return globSync(pattern).filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, "utf8")));
}
const unitMocking = mocking(UNIT);
const webMocking = mocking(WEB);

/**
 * The integration files that need a process of their own, whatever they import: they run in the
 * isolated `integration-isolated` project. Keep this list short, each with its reason.
 */
const integrationIsolated = [
  // Replaces a module (vi.mock), as the unit and web mocking files.
  ...mocking(INTEGRATION),
];

/**
 * `npm test` runs every suite in one vitest run:
 * - unit: pure code beside its source (core, functions, web components in jsdom);
 * - integration: the API through `app.request()`, the Lambda bundles and the stream handler over one
 *   DynamoDB Local + S3 emulator started once per run (tests/support/global-setup.ts), each file on
 *   its own table; integration-isolated: the few of those files that need a process of their own;
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
          include: [UNIT],
          exclude: [...configDefaults.exclude, ...unitMocking],
          environment: "node",
          setupFiles: ["tests/support/new-process-setup.ts"],
          // One module cache per worker, not per file (as the web project): core's modules are
          // imported once instead of once per file (about half the project's CPU). Tests that
          // change core's clock or configuration restore them in their own hooks.
          isolate: false,
          // A guard, not a goal: image tests decode and encode real images, which on a loaded 2-core
          // machine take several times vitest's default of 5 s (README, "Tests").
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "unit-mocks",
          include: unitMocking,
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "web",
          include: [WEB],
          exclude: [...configDefaults.exclude, ...webMocking],
          environment: "jsdom",
          setupFiles: ["tests/support/web-setup.ts"],
          // One jsdom and one module cache per worker, not per file: building a jsdom window and
          // importing React and Mantine again for each of ~40 files cost about two thirds of the
          // project's CPU. tests/support/web-setup.ts cleans up after every test.
          isolate: false,
          // A guard, not a goal: rendering a screen in jsdom on a loaded machine (README, "Tests").
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "web-mocks",
          include: webMocking,
          environment: "jsdom",
          setupFiles: ["tests/support/web-setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: [INTEGRATION],
          exclude: [...configDefaults.exclude, ...integrationIsolated],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/new-process-setup.ts"],
          // One module cache per worker, not per file (as the unit project): core, the API app and the
          // AWS SDK are imported once per worker instead of once per file. Measured on 2 cores beside
          // other work, the project's run took 345–397 CPU-seconds instead of 458–460 (the import time
          // summed over files fell from ~48 s to ~7 s), and 4:22 or less of wall time instead of 4:48.
          // tests/support/new-process-setup.ts gives each file core's settings as a new process has
          // them, and what core keeps per table is kept per configuration (db/cached-item.ts), so a
          // file on a fresh table starts with nothing read.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "integration-isolated",
          include: integrationIsolated,
          // The same DynamoDB Local and S3 emulator as `integration`: the setup starts them once per
          // run, whichever projects use it (tests/support/global-setup.ts).
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
