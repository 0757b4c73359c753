import { enforceGrants } from "@fruit/core/access";
import { setConfig } from "@fruit/core/config";
import { setClock } from "@fruit/core/internal/clock";
import { setLogFormat } from "@fruit/core/log";
import { afterAll, beforeAll, vi } from "vitest";

/**
 * The unit and integration projects share one module cache per worker (vitest.config.ts), so core's
 * process-wide settings would pass from one file to the next. Each file starts, and leaves, as a file
 * of its own process would: core's clock the system's, its configuration read afresh from the
 * environment (until an integration file points it at a table of its own, tests/support/table.ts), no
 * grants enforced (until then too), JSON log lines, no stubbed variable or global, no spy, real
 * timers. What core keeps per table (the zones, the tax classes, whether the shop has weekly windows)
 * is kept per configuration, so a new table starts with nothing read.
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
