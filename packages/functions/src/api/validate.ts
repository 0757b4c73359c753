import { AppError } from "@fruit/core/errors";
import type { Context } from "hono";
import * as v from "valibot";

/** Describes the first problem of a failed validation as "field: problem". */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid input";
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Validates a value with a shared schema; otherwise 400 `{ message, code: "VALIDATION_FAILED", field }`,
 * `field` the dotted path of the first problem (absent when the value as a whole is wrong).
 */
export function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const field = result.issues[0] ? v.getDotPath(result.issues[0]) : null;
    throw new AppError("VALIDATION_FAILED", describeIssues(result.issues), field ? { field } : undefined);
  }
  return result.output;
}

/**
 * Reads a JSON body and validates it. Broken JSON and a non-object are 400 `MALFORMED_REQUEST`,
 * schema failures 400 `VALIDATION_FAILED`; unknown fields are dropped by the schema and never stored.
 */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError("MALFORMED_REQUEST", "The request body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("MALFORMED_REQUEST", "The request body must be a JSON object");
  }
  return parseWith(schema, body);
}
