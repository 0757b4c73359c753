import { type Config, ConfigError, getConfig } from "@fruit/core/config";
import { CONFIGURATION_REFUSED, errorFields, log } from "@fruit/core/log";

/**
 * The configuration a Lambda handler runs with. A refused one (core's `ConfigError`, e.g. a
 * production stage whose `Payments` secret says `test`) is logged as `configuration refused` with the
 * function's name and core's reason before it is thrown again: the invocation fails (Lambda's
 * `Errors`), and the line feeds the `ConfigurationRefusedAlarm` (stacks/alarms.ts), so a guard that
 * stops the shop pages someone instead of answering 502 in silence.
 */
export function guardedConfig(fn: string): Config {
  try {
    return getConfig();
  } catch (error) {
    if (error instanceof ConfigError)
      log("error", CONFIGURATION_REFUSED, { function: fn, ...errorFields(error) });
    throw error;
  }
}

/** Logs a refusal this handler decided itself (not a `ConfigError`), with the same message. */
export function logConfigurationRefused(fn: string, reason: string): void {
  log("error", CONFIGURATION_REFUSED, { function: fn, error: `ConfigError: ${reason}` });
}
