import { enforceGrants } from "@fruit/core/access";
import { setConfig } from "@fruit/core/config";
import { setClock } from "@fruit/core/internal/clock";
import { setLogFormat } from "@fruit/core/log";
import { afterAll, beforeAll, vi } from "vitest";

/**
 * The integration project shares one module cache per worker (vitest.config.ts), so core's
 * process-wide settings would pass from one file to the next. Each file starts, and leaves, as a file
 * of its own process would (as tests/support/unit-setup.ts does for the unit project): core's clock
 * the system's, its configuration read afresh from the environment until the file points it at a
 * table of its own (tests/support/table.ts), no grants enforced until then, JSON log lines, no
 * stubbed variable or global, no spy, real timers. What core keeps per table (the zones, the tax
 * classes, whether the shop has weekly windows) is kept per configuration, so a new table starts
 * with nothing read.
 */
function asANewProcess(): void {
  setClock(undefined);
  setConfig(undefined as never);
  enforceGrants(false);
  setLogFormat("json");
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
}

beforeAll(asANewProcess);
afterAll(asANewProcess);
