import { isAppError, statusOfKind } from "@fruit/core/errors";
import { errorFields, log } from "@fruit/core/log";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The single error mapper: AppError kinds → status + `{ message }`; HTTP exceptions from Hono's own
 * middleware keep their status; anything else is logged with the request id and `status: 500` (the
 * line the API's 5xx alarm counts: stacks/alarms.ts) and answered with a generic 500 that leaks
 * nothing.
 */
export function mapError(error: Error, c: Context) {
  c.header("Cache-Control", "private, no-store");
  if (isAppError(error)) {
    return c.json(
      { ...error.details, message: error.message },
      statusOfKind[error.kind] as ContentfulStatusCode,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 413 ? "The request body is too large" : error.message || "Bad Request";
    return c.json({ message }, status);
  }
  log("error", "request failed", {
    requestId: c.get("requestId"),
    status: 500,
    method: c.req.method,
    path: c.req.path,
    ...errorFields(error),
  });
  return c.json({ message: "Something went wrong on our side, please try again" }, 500);
}
