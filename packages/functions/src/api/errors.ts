import { type ErrorCode, errorCodes, isAppError } from "@fruit/core/errors";
import {
  type ErrorTexts,
  errorTextsOf,
  localeOfAcceptLanguage,
  localisedMessage,
} from "@fruit/core/i18n/error-texts";
import { errorFields, log } from "@fruit/core/log";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The code of an HTTP exception thrown by Hono itself (a broken body, …), by its status. */
const codeOfHonoStatus: Partial<Record<number, ErrorCode>> = {
  400: "MALFORMED_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

/** The French error texts, once a French caller made the API load them (`errorLanguage`). */
let frenchTexts: ErrorTexts | undefined;

/**
 * Loads the French error texts before a request whose `Accept-Language` prefers French, so that its
 * error answer (written synchronously, also by `notFound` and `onError`) can be French. An English
 * request loads nothing (docs/decisions/050-i18n-formatjs.md).
 */
export const errorLanguage: MiddlewareHandler = async (c, next) => {
  if (!frenchTexts && localeOfAcceptLanguage(c.req.header("accept-language")) === "fr-CA") {
    frenchTexts = await errorTextsOf("fr-CA");
  }
  await next();
};

/**
 * An error answer: `{ message, code }` (plus `details`) with the code's status, never cached. Every
 * error the API answers goes through here (core's errors.ts declares the codes). The `message`
 * follows the request's `Accept-Language`: a French caller gets the code's French text (naming the
 * field of a `VALIDATION_FAILED`), anyone else core's English message; `code` never changes.
 *
 * @example
 * return errorAnswer(c, "NOT_FOUND", "Not Found");
 */
export function errorAnswer(c: Context, code: ErrorCode, message: string, details?: Record<string, unknown>) {
  c.header("Cache-Control", "private, no-store");
  const french = frenchTexts && localeOfAcceptLanguage(c.req.header("accept-language")) === "fr-CA";
  if (french) c.header("Content-Language", "fr-CA");
  const text = french && frenchTexts ? localisedMessage(frenchTexts, code, details) : message;
  return c.json({ ...details, message: text, code }, errorCodes[code].status as ContentfulStatusCode);
}

/**
 * The single error mapper: an AppError answers its code's status with `{ message, code }` (a 5xx one
 * logged as "request turned away" with its code); HTTP
 * exceptions from Hono's own middleware keep their status with its code; anything else is logged
 * with the request id and `status: 500` (the line the API's 5xx alarm counts: stacks/alarms.ts) and
 * answered with a generic 500 `INTERNAL` that leaks nothing.
 */
export function mapError(error: Error, c: Context) {
  if (isAppError(error)) {
    // A 5xx the shop chose (busy, unavailable, in progress) is logged too, with its code: the shopper
    // was turned away, and an operator must be able to see why.
    if (errorCodes[error.code].status >= 500)
      log("warn", "request turned away", {
        requestId: c.get("requestId"),
        status: errorCodes[error.code].status,
        code: error.code,
        method: c.req.method,
        path: c.req.path,
      });
    return errorAnswer(c, error.code, error.message, error.details);
  }
  const code = error instanceof HTTPException ? codeOfHonoStatus[error.status] : undefined;
  if (code) {
    const message =
      code === "PAYLOAD_TOO_LARGE" ? "The request body is too large" : error.message || "Bad Request";
    return errorAnswer(c, code, message);
  }
  log("error", "request failed", {
    requestId: c.get("requestId"),
    status: 500,
    method: c.req.method,
    path: c.req.path,
    ...errorFields(error),
  });
  return errorAnswer(c, "INTERNAL", "Something went wrong on our side, please try again");
}
