import { AsyncLocalStorage } from "node:async_hooks";
import { nowIso } from "./clock.ts";

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

/**
 * How lines are written: `json` (the default, and always in the cloud: every field queryable in
 * CloudWatch Logs Insights) or `text`, one readable line for a person at a terminal, which the local
 * runtime chooses (`npm start`, packages/local/src/start.ts): the time, the level, the message, then
 * the fields as `name=value` (stacks left out: the error's line says what failed).
 */
export type LogFormat = "json" | "text";
let format: LogFormat = "json";

/** Chooses how this process writes its lines (see LogFormat). */
export function setLogFormat(chosen: LogFormat): void {
  format = chosen;
}

/** A field's value in a text line: strings as they are unless they need quotes, the rest as JSON. */
const textValue = (value: unknown): string => {
  if (typeof value === "string")
    return /^[^\s"=]*$/.test(value) && value !== "" ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
};

/** One readable line: `12:03:04.567 INFO  order sweep cancelled=2 requestId=…`. */
export function textLine(entry: Record<string, unknown>): string {
  const { timestamp, level, message, stack: _stack, ...fields } = entry;
  const time = String(timestamp).slice(11, 23);
  const rest = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${textValue(value)}`)
    .join(" ");
  return `${time} ${String(level).toUpperCase().padEnd(5)} ${String(message)}${rest ? ` ${rest}` : ""}`;
}

/** Logs one line: the level, the message, the current request id, then `fields`. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const requestId = currentRequestId();
  const entry = {
    timestamp: nowIso(),
    level,
    message,
    ...(requestId ? { requestId } : {}),
    ...fields,
  };
  sink.write(level, format === "json" ? JSON.stringify(entry) : textLine(entry));
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

/**
 * The message of the line a function URL's handler logs for each request it refuses for a missing or
 * wrong origin header (packages/functions/src/lambda/origin.ts): a rotation slip or a rollback makes
 * it refuse everyone, so stacks/alarms.ts counts these lines into the `OriginRefused` alarm.
 */
export const ORIGIN_REFUSED = "origin header refused";

/**
 * The message of the line the page function logs for each page it could not render (its app's error
 * handler, packages/functions/src/pages/app.ts): the shopper got the plain app instead, and
 * stacks/pages.ts counts these lines into the `PagesServerErrorsAlarm`.
 */
export const PAGE_FAILED = "page failed";
