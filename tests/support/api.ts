import { type ErrorCode, errorCodes, isErrorCode } from "@fruit/core/errors";
import { app } from "@fruit/functions/api/index";
import { expect } from "vitest";

/** Test bodies are free-form JSON: `any` by default keeps assertions short. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are free-form JSON
type Json = any;

/** What `api()` answers: the status, the parsed body (JSON when it parses, else the text) and headers. */
export interface ApiResponse<T = Json> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface ApiOptions {
  method?: string;
  /** A value sent as JSON, or a ready body (string, FormData) sent as is. */
  body?: unknown;
  /** A token sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
}

/** Strings that must never appear in any answer: bcrypt hashes and the stored hash's attribute name. */
export const SECRET_MARKERS = ["$2a$", "$2b$", "$2y$", "passwordHash"];

/**
 * Calls the API through `app.request()` and checks the one rule every answer obeys: no password
 * hash ever leaves the server.
 *
 * @example
 * const { status, body } = await api("/api/users/signin", { method: "POST", body: { email, password } });
 */
export async function api<T = Json>(path: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (typeof options.body === "string" || options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const res = await app.request(path, { method: options.method ?? "GET", headers, body });
  const text = await res.text();
  for (const marker of SECRET_MARKERS) {
    expect(text, `${options.method ?? "GET"} ${path} leaked "${marker}"`).not.toContain(marker);
  }
  let parsed: unknown = text;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

/**
 * Asserts a 4xx answer of the error shape `{ message, code }`: a non-empty message and a code of the
 * registry (core's errors.ts, listed in docs/errors.md) whose status is the answer's; a
 * `VALIDATION_FAILED` names its field when it has one. Every integration test that meets a 4xx
 * checks it here, so each 4xx the suite sees carries a documented code.
 */
export function expectClientError(res: ApiResponse, status?: number): void {
  if (status !== undefined) expect(res.status, res.text).toBe(status);
  expect(res.status, res.text).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text).toBeLessThan(500);
  expect(typeof res.body?.message, res.text).toBe("string");
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(isErrorCode(res.body.code), `undocumented code: ${res.text}`).toBe(true);
  expect(errorCodes[res.body.code as ErrorCode].status, res.text).toBe(res.status);
  if (res.body.field !== undefined) expect(typeof res.body.field, res.text).toBe("string");
}
