import { PASSWORD_MIN_BYTES } from "@fruit/core/browser/users";
import { defineMessages, type MessageDescriptor } from "react-intl";
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

/** A message function as react-intl's `formatMessage` (i18n/intl.tsx `useT`). */
type Translate = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

const ISSUE_TEXT = defineMessages({
  required: { id: "form.required", defaultMessage: "{field} is required" },
  tooLong: { id: "form.tooLong", defaultMessage: "{field} is too long" },
  email: { id: "form.email", defaultMessage: "Email is not a valid email address" },
  passwordShort: {
    id: "form.passwordShort",
    defaultMessage: "Password must be at least {min, number} characters",
  },
  invalid: { id: "form.invalid", defaultMessage: "{field} is not valid" },
});

/**
 * A shopper form's field errors in the page's language, by the issue's kind (never its English
 * text), naming the field by its label as the form shows it. The admin forms keep the schema's
 * English (`fieldErrors`).
 */
export function translatedFieldErrors<Field extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  t: Translate,
  labels: Record<Field, string>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (!field || errors[field]) continue;
    const label = labels[field] ?? field;
    const input = typeof issue.input === "string" ? issue.input : "";
    errors[field] =
      issue.type === "non_empty" || issue.type === "min_length" || issue.kind === "schema"
        ? t(ISSUE_TEXT.required, { field: label })
        : issue.type === "max_length"
          ? t(ISSUE_TEXT.tooLong, { field: label })
          : issue.type === "email"
            ? t(ISSUE_TEXT.email)
            : field === "password"
              ? new TextEncoder().encode(input).length < PASSWORD_MIN_BYTES
                ? t(ISSUE_TEXT.passwordShort, { min: PASSWORD_MIN_BYTES })
                : t(ISSUE_TEXT.tooLong, { field: label })
              : t(ISSUE_TEXT.invalid, { field: label });
  }
  return errors;
}
