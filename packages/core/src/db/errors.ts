import * as v from "valibot";
import { AppError } from "../errors.ts";

/**
 * What core reads of an error the AWS SDK (or Node's socket layer under it) threw: its name, its
 * system `code` (ECONNRESET…), a cancelled transaction's per-action reasons and the HTTP status of
 * the answer (`$metadata`). Read through one
 * schema, so no caller casts an error to guess at its fields.
 */
const AwsErrorSchema = v.object({
  name: v.string(),
  message: v.string(),
  // A field of another shape (a numeric `code`) reads as absent rather than hiding the others.
  code: v.fallback(v.optional(v.string()), undefined),
  CancellationReasons: v.fallback(v.optional(v.array(v.object({ Code: v.optional(v.string()) }))), undefined),
  $metadata: v.fallback(v.optional(v.object({ httpStatusCode: v.optional(v.number()) })), undefined),
});
export type AwsError = v.InferOutput<typeof AwsErrorSchema>;

/**
 * The fields of an AWS (or socket) error, or undefined when `error` is not an Error.
 *
 * @example
 * awsErrorOf(error)?.name === "ConditionalCheckFailedException"
 */
export function awsErrorOf(error: unknown): AwsError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { name, message } = error;
  const parsed = v.safeParse(AwsErrorSchema, {
    name,
    message,
    code: Reflect.get(error, "code"),
    CancellationReasons: Reflect.get(error, "CancellationReasons"),
    $metadata: Reflect.get(error, "$metadata"),
  });
  return parsed.success ? parsed.output : { name, message };
}

/**
 * The per-action reasons of a cancelled TransactWriteItems (`ConditionalCheckFailed`, `None`, ...),
 * in the order of the actions, or undefined when the error is not a transaction cancellation.
 */
export function cancellationReasons(error: unknown): string[] | undefined {
  const aws = awsErrorOf(error);
  if (aws?.name !== "TransactionCanceledException") return undefined;
  const reasons = aws.CancellationReasons;
  if (reasons) return reasons.map((reason) => reason.Code ?? "None");
  // DynamoDB Local sometimes only puts the reasons in the message: "[ConditionalCheckFailed, None]".
  const listed = /\[(.*)\]/.exec(aws.message)?.[1];
  return listed ? listed.split(",").map((code) => code.trim()) : [];
}

/** The cancellation reason of an action whose condition did not hold. */
export const CONDITION_FAILED = "ConditionalCheckFailed";

/** True when a cancelled transaction lost a race or was throttled, so the same write may be tried again. */
export const isRetryableCancellation = (reasons: readonly string[]): boolean =>
  reasons.some((code) => code === "TransactionConflict" || code === "ThrottlingError");

/** True for a single write refused by its condition (ConditionalCheckFailedException). */
export const isConditionalCheckFailure = (error: unknown): boolean =>
  awsErrorOf(error)?.name === "ConditionalCheckFailedException";

/**
 * The one place a single write refused by its condition is caught: `write`'s answer, or `onFail`'s
 * (handed the refusal, which carries `ReturnValuesOnConditionCheckFailure`'s item) when its
 * condition did not hold. Every other error goes on.
 *
 * @example
 * const started = await whenConditionFails(putItem(episodeKind.put(record, firstClaim())).then(() => true), () => false);
 */
export async function whenConditionFails<T, F>(
  write: Promise<T>,
  onFail: (refusal: Error) => F | Promise<F>,
): Promise<T | F> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Error && isConditionalCheckFailure(error)) return onFail(error);
    throw error;
  }
}

/** `whenConditionFails` for a write whose refusal means nothing more: true when written, false when refused. */
export const writtenUnlessRefused = (write: Promise<unknown>): Promise<boolean> =>
  whenConditionFails(
    write.then(() => true),
    () => false,
  );

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
  const aws = awsErrorOf(error);
  if (!aws) return false;
  return UNAVAILABLE.has(aws.name) || (aws.code !== undefined && UNAVAILABLE.has(aws.code));
}

/** Turns storage outages into AppError("UNAVAILABLE") so callers answer 503, not 500. */
export function storageError(error: unknown): unknown {
  if (isUnavailable(error)) {
    return new AppError("UNAVAILABLE", "The store is temporarily unavailable, please try again", undefined, {
      cause: error,
    });
  }
  return error;
}
