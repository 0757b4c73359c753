import { ConfigError } from "@fruit/core/config";
import { AppError } from "@fruit/core/errors";
import { LocalConfigError } from "@fruit/local/local-config";
import { StartupError } from "@fruit/local/services";

/**
 * The one line an operator command prints for an error it expects: a wrong setting, an emulator that
 * cannot start, a refused value or option, a stored item no migration knows the shape of (its message
 * names the item), or an AWS error (missing credentials, a table not found in the configured region,
 * access denied). Undefined for anything else, which is a bug and keeps its stack.
 */
export function operatorErrorLine(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const ours =
    error instanceof ConfigError ||
    error instanceof StartupError ||
    error instanceof LocalConfigError ||
    error instanceof AppError ||
    error.name === "StageInitError" ||
    error.name === "MigrateError" ||
    error.name === "StoredItemError";
  if (ours) return error.message;
  const fromAws = "$metadata" in error || error.name === "CredentialsProviderError";
  return fromAws ? `${error.name}: ${error.message}` : undefined;
}
