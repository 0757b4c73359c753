import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The shop's structured log: one JSON object per line, written straight to the process's stdout
 * (stderr for warnings and errors), so every field is a field in CloudWatch Logs Insights and in
 * metric filters (stacks/alarms.ts counts the API's handled 500s from these lines). Each line
 * carries the request id of the work it belongs to (`withRequestId`): the API request's, the stream
 * batch's or the sweep run's (Lambda's `awsRequestId`), and `causedBy` names the API request whose
 * write a stream record or a sweep cancellation follows from, when that is known.
 *
 * Written to the stream itself rather than through `console`, which Lambda's JSON log format wraps
 * into `{ timestamp, level, requestId, message: "<our line as a string>" }`, burying our fields in
 * a string. Our own few lines rather than Powertools' Logger: README, "Logs and request ids".
 *
 * @example
 * withRequestId(context.awsRequestId, () => log("info", "order sweep", { cancelled: 2 }));
 * // {"timestamp":"…","level":"info","message":"order sweep","requestId":"…","cancelled":2}
 */
export type LogLevel = "debug" | "info" | "warn" | "error";

const scope = new AsyncLocalStorage<string>();

/** Runs `work` with `requestId` on every line it logs, across its awaits. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

/** The request id of the work running now, if any. */
export const currentRequestId = (): string | undefined => scope.getStore();

/** Where lines go; replaceable in tests. */
export const sink = {
  write(level: LogLevel, line: string): void {
    (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
  },
};

/** Logs one line: the level, the message, the current request id, then `fields`. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const requestId = currentRequestId();
  sink.write(
    level,
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level,
      message,
      ...(requestId ? { requestId } : {}),
      ...fields,
    }),
  );
}

/** An error as log fields: its name and message, and its stack. */
export const errorFields = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { error: `${error.name}: ${error.message}`, stack: error.stack }
    : { error: String(error) };

/**
 * The message of the line a function logs when core refuses its configuration (a `ConfigError`: a
 * production stage set to test payments, a missing link): the function then answers nothing
 * useful, so stacks/alarms.ts counts these lines into the `ConfigurationRefused` alarm.
 */
export const CONFIGURATION_REFUSED = "configuration refused";
