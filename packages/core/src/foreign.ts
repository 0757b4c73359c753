import * as v from "valibot";

/*
 * Foreign edges: data that core did not write and reads from outside — PayPal's answers and webhook
 * events (payments/), an image's `state.json` written by the image function (uploads/state.ts) and
 * the table's stream records as Lambda hands them over (stats/, mails/, packages/functions/src/lambda).
 * Each is parsed with a valibot schema, by the edge's name, here: a malformed value fails loudly with
 * the edge and the field's path, as a stored item does with its kind's name (`StoredItemError`,
 * db/kind.ts). It lives at core's root, not in db/, because most of its edges are not the table: db/
 * imports it (for the one way to name an issue), never the other way round.
 */

/**
 * The problem of a failed parse: its first issue, with the field's dot path ("resource.links.0.href:
 * Invalid type: ...", or the message alone for the whole value).
 */
export function problemOf(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "invalid";
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** A value from a foreign edge that does not have the shape the edge promises. */
export class ForeignDataError extends Error {
  override name = "ForeignDataError";
  /** The field's dot path (undefined when the whole value is wrong). */
  readonly path: string | undefined;
  constructor(
    /** The edge's name: "PayPal GET /v2/checkout/orders/{id}", "PayPal webhook event", "image state.json", "stream record". */
    readonly edge: string,
    issues: readonly v.BaseIssue<unknown>[],
  ) {
    super(`${edge} is malformed: ${problemOf(issues)}`);
    const first = issues[0];
    this.path = (first && v.getDotPath(first)) ?? undefined;
  }
}

/**
 * The value parsed by `schema`, or a ForeignDataError naming `edge` and the field.
 *
 * @example
 * const order = parseForeign("PayPal GET /v2/checkout/orders/{id}", PaypalOrderSchema, await res.json());
 */
export function parseForeign<S extends v.GenericSchema>(
  edge: string,
  schema: S,
  value: unknown,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ForeignDataError(edge, result.issues);
  return result.output;
}

/**
 * True when `value` is one of `values`: a guard, so checking a literal list (`as const`) needs no
 * cast to `readonly string[]`.
 *
 * @example
 * if (isOneOf(CAPTURE_DENIED, status)) return "denied";
 */
export const isOneOf = <T>(values: readonly T[], value: unknown): value is T =>
  values.some((item) => item === value);

/** A foreign value read as a record of fields: its own fields when it is a plain object, else none. */
export const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};

/** A foreign value read as a list: itself when it is an array, else an empty one. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
