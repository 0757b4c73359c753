/**
 * The one error type core throws. The API's error mapper turns `kind` into an HTTP status and
 * `message` into the JSON body `{ message }`; anything else becomes a generic 500.
 *
 * @example
 * throw new AppError("conflict", "Sorry. Watermelon is out of stock");
 */
export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "too_large"
  | "too_many"
  | "unavailable"
  | "bad_gateway";

export const statusOfKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  too_many: 429,
  bad_gateway: 502,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** Extra JSON fields sent beside `message` (e.g. the current prices on a price conflict). */
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.details = details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
