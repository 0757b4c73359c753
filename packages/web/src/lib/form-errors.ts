import * as v from "valibot";

/** A form's messages by field, as each Mantine input takes its own in its `error` prop. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The top-level fields of a schema's input: the keys a form's errors are filed under. */
export type FormField<S extends v.GenericSchema> = Extract<keyof v.InferInput<S>, string>;

/**
 * The one adapter from valibot issues to field errors: the first message of each field, filed under
 * the top-level field it was raised in (an issue inside `location.lat` belongs to `location`). Issues
 * about the whole value (no path) have no field to show under and are left out.
 *
 * @example
 * fieldErrors(v.safeParse(SignUpSchema, values).issues ?? []) // { email: "Email is invalid" }
 */
export function fieldErrors<Field extends string>(
  issues: readonly v.BaseIssue<unknown>[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Validates a form's values with a schema (usually the server's own, from core): either the parsed
 * output to send, or the field errors to show.
 *
 * @example
 * const result = parseForm(ShippingAddressSchema, values);
 * if (!result.ok) return setErrors(result.errors);
 * save(result.output);
 */
export function parseForm<const S extends v.GenericSchema>(
  schema: S,
  values: unknown,
  config?: v.Config<v.InferIssue<S>>,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors<FormField<S>> } {
  const result = v.safeParse(schema, values, config);
  return result.success
    ? { ok: true, output: result.output }
    : { ok: false, errors: fieldErrors<FormField<S>>(result.issues) };
}
