import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";
import { signingSecret } from "../config.ts";
import { AppError } from "../errors.ts";

/**
 * Page cursors (docs/decisions/026-bounded-lists.md): opaque and tamper-proof. A cursor is
 * `base64url(JSON position) + "." + base64url(HMAC-SHA256)`, the MAC keyed by a key derived from the
 * JWT secret and taken over the position and the cursor's scope — the list, its filters and, for a
 * per-user list, the caller — so a cursor that is forged, cut short, from another list or filter, or
 * another user's is refused before anything is read.
 */

/** What a cursor is only good for: one list, with these filters, for this caller. */
export interface CursorScope {
  list: string;
  filters?: Record<string, string | number | undefined>;
  callerId?: string;
}

const invalid = () => new AppError("VALIDATION_FAILED", "Invalid cursor", { field: "cursor" });

let derived: { secret: string; key: Buffer } | undefined;
/** The cursor key: a hash of the JWT secret with its own label, so a cursor never is a token MAC. */
function cursorKey(): Buffer {
  const secret = signingSecret();
  if (derived?.secret !== secret)
    derived = { secret, key: createHash("sha256").update(`fruit-shop page cursor\0${secret}`).digest() };
  return derived.key;
}

const scopeText = (scope: CursorScope) =>
  JSON.stringify([
    scope.list,
    Object.entries(scope.filters ?? {})
      .filter(([, value]) => value !== undefined && value !== "")
      .sort(([a], [b]) => (a < b ? -1 : 1)),
    scope.callerId ?? "",
  ]);

const mac = (body: string, scope: CursorScope) =>
  createHmac("sha256", cursorKey())
    .update(`${scopeText(scope)}\0${body}`)
    .digest();

/** The cursor of a position (any JSON value) within a scope. */
export function encodeCursor(position: unknown, scope: CursorScope): string {
  const body = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${body}.${mac(body, scope).toString("base64url")}`;
}

/** A cursor's position, checked against its scope and its shape; 400 `Invalid cursor` otherwise. */
export function decodeCursor<S extends v.GenericSchema>(
  cursor: string,
  scope: CursorScope,
  schema: S,
): v.InferOutput<S> {
  const [body, signature, ...rest] = cursor.split(".");
  if (!body || !signature || rest.length > 0 || cursor.length > 4096) throw invalid();
  const expected = mac(body, scope);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const parsed = v.safeParse(schema, position);
  if (!parsed.success) throw invalid();
  return parsed.output;
}
