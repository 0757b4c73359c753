import { enforceGrants } from "@fruit/core/access";
import { setConfig } from "@fruit/core/config";
import { setClock } from "@fruit/core/internal/clock";
import { setLogFormat } from "@fruit/core/log";
import { afterAll, beforeAll, vi } from "vitest";

/**
 * The unit project shares one module cache per worker (vitest.config.ts), so core's process-wide
 * settings would pass from one file to the next. Each file starts, and leaves, as a file of its own
 * process would: core's clock the system's, its configuration read afresh from the environment, no
 * grants enforced, JSON log lines, no stubbed variable or global, no spy, real timers.
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
