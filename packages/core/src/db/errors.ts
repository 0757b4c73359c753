import { AppError } from "../errors.ts";

/**
 * The per-action reasons of a cancelled TransactWriteItems (`ConditionalCheckFailed`, `None`, ...),
 * in the order of the actions, or undefined when the error is not a transaction cancellation.
 */
export function cancellationReasons(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== "TransactionCanceledException") return undefined;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  if (reasons) return reasons.map((reason) => reason.Code ?? "None");
  // DynamoDB Local sometimes only puts the reasons in the message: "[ConditionalCheckFailed, None]".
  const listed = /\[(.*)\]/.exec(error.message)?.[1];
  return listed ? listed.split(",").map((code) => code.trim()) : [];
}

/** The cancellation reason of an action whose condition did not hold. */
export const CONDITION_FAILED = "ConditionalCheckFailed";

/** True when a cancelled transaction lost a race or was throttled, so the same write may be tried again. */
export const isRetryableCancellation = (reasons: readonly string[]): boolean =>
  reasons.some((code) => code === "TransactionConflict" || code === "ThrottlingError");

/** True for a single write refused by its condition (ConditionalCheckFailedException). */
export const isConditionalCheckFailure = (error: unknown): boolean =>
  error instanceof Error && error.name === "ConditionalCheckFailedException";

/** Throttling, server errors and dropped connections: outages that a later try may not meet. */
const UNAVAILABLE = new Set([
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "ThrottlingException",
  "InternalServerError",
  "ServiceUnavailable",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "TimeoutError",
]);

/** True when DynamoDB (or the connection to it) is unavailable for now, by error name or system code. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  return UNAVAILABLE.has(error.name) || (code !== undefined && UNAVAILABLE.has(code));
}

/** Turns storage outages into AppError("UNAVAILABLE") so callers answer 503, not 500. */
export function storageError(error: unknown): unknown {
  if (isUnavailable(error)) {
    return new AppError("UNAVAILABLE", "The store is temporarily unavailable, please try again");
  }
  return error;
}
