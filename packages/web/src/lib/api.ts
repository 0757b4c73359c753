import { type ErrorCode, isErrorCode } from "@fruit/core/browser/errors";
import { defineMessages } from "react-intl";
import { ERROR_TEXT } from "../i18n/error-text.ts";
import type { WebLocale } from "../i18n/locale.ts";
import { pageIntl } from "../i18n/page-intl.ts";
import { takeEarlyAnswer } from "./early-fetch.ts";
import { nextPath, totalCount } from "./link-header.ts";

/**
 * An API answer that was not 2xx. `message` is the server's sentence for a person (to show);
 * `code` its stable code (docs/errors.md) when it sent one, which is what the app decides on — never
 * the message's text; `field` the refused field of a `VALIDATION_FAILED`; `details` every field of
 * the answer (a code's own fields, such as PayPal's `issue` beside `PAYMENT_DECLINED`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly field: string | undefined;
  readonly details: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.details = typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body } : {};
    this.code = isErrorCode(this.details.code) ? this.details.code : undefined;
    this.field = typeof this.details.field === "string" ? this.details.field : undefined;
  }
}

/**
 * The code of a failed call's answer (docs/errors.md), or undefined for anything else (a network
 * failure, an answer without one).
 *
 * @example
 * if (errorCode(error) === "SLOT_FULL") shop.saveDeliverySlot(null);
 */
export const errorCode = (error: unknown): ErrorCode | undefined =>
  error instanceof ApiError ? error.code : undefined;

export const GENERIC_ERROR = "Something went wrong, please try again";

let tokenSource: () => string | undefined = () => undefined;
let onUnauthorized: () => void = () => {};
let pageLocale: WebLocale = "en";

/**
 * The app tells the client the page's language (sent as `Accept-Language`, so the server's messages
 * and French product texts match the page), where the token lives and what a 401 does (sign out,
 * go to login).
 */
export function configureApi(options: {
  locale?: WebLocale;
  token: () => string | undefined;
  onUnauthorized: () => void;
}): void {
  pageLocale = options.locale ?? "en";
  tokenSource = options.token;
  onUnauthorized = options.onUnauthorized;
}

/** What a call may set besides its path. */
export interface ApiOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `"no-store"` for reads that must be fresh (the cart's stock check). */
  cache?: RequestCache;
}

/**
 * Calls the shop's API with the signed-in user's bearer token.
 *
 * @example
 * const { order } = await api<OrderCreated>("/api/orders", { method: "POST", body: payload });
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await send(path, options)).body as T;
}

/**
 * One page of a list route (docs/decisions/026-bounded-lists.md): the items of the answer's bare
 * array, `next` the site path of its `Link: <…>; rel="next"` (undefined on the last page, and
 * always from a server that does not page), and `total` its `X-Total-Count` when sent.
 */
export interface Page<T> {
  items: T[];
  next: string | undefined;
  total: number | undefined;
}

/**
 * Reads one page of a list route.
 *
 * @example
 * const { items, next, total } = await apiPage<Product>("/api/products?limit=24");
 * const more = next ? await apiPage<Product>(next) : undefined;
 */
export async function apiPage<T>(path: string, options: Pick<ApiOptions, "signal"> = {}): Promise<Page<T>> {
  const { body, response } = await send(path, options);
  if (!Array.isArray(body)) throw new ApiError(response.status, GENERIC_ERROR, body);
  return {
    items: body as T[],
    next: nextPath(response.headers.get("Link"), path),
    total: totalCount(response.headers.get("X-Total-Count")),
  };
}

async function send(path: string, options: ApiOptions): Promise<{ body: unknown; response: Response }> {
  const token = tokenSource();
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...(pageLocale === "en" ? {} : { "Accept-Language": pageLocale }),
    ...options.headers,
  };
  // A caller may spell the header itself (the original client's map-key call sends "BEARER {token}").
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  // index.html fetched only public catalogue reads, whose answers are the same with or without a
  // token; a caller asking for its own headers, cache mode or abort signal gets its own request.
  const plainRead =
    (options.method ?? "GET") === "GET" && !options.headers && !options.cache && !options.signal;
  const early = plainRead ? takeEarlyAnswer(path) : undefined;
  const response =
    (await early?.catch(() => undefined)) ??
    (await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    }));
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Plain-text answers (e.g. the PayPal client id) stay strings.
  }
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === "string" ? message : GENERIC_ERROR, body);
  }
  return { body, response };
}

/** SWR's fetcher for a list route's pages: the key is the page's API path. */
export const pageFetcher = <T>(path: string): Promise<Page<T>> => apiPage<T>(path);

/** SWR's fetcher: the key is the API path. */
export const fetcher = <T>(path: string): Promise<T> => api<T>(path);

/** When a call fails with neither a code the web knows nor a message: with the shell's messages (i18n/message-parts.ts). */
const GENERIC_ERROR_TEXT = defineMessages({
  generic: { id: "error.generic", defaultMessage: "Something went wrong, please try again" },
}).generic;

/**
 * The text to show for a failed call, in the page's language: the web's own text for its code
 * (i18n/error-text.ts), else the server's message (it follows `Accept-Language`), else the generic one.
 * A French page loads the codes' texts just after its first render (i18n/message-parts.ts): an
 * error before then shows the server's message, which is French too.
 */
export function errorMessage(error: unknown): string {
  const intl = pageIntl();
  const code = errorCode(error);
  const text = code && ERROR_TEXT[code];
  const server = error instanceof Error && error.message ? error.message : undefined;
  if (text && (intl.locale === "en" || `${text.id}` in intl.messages || !server))
    return intl.formatMessage(text);
  return server ?? intl.formatMessage(GENERIC_ERROR_TEXT);
}
