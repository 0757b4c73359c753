import { SignUpSchema } from "@fruit/core/browser/users";
import * as v from "valibot";
import { type FieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { PASSWORDS_DO_NOT_MATCH } from "./passwords-match.ts";

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterErrors = FieldErrors<keyof RegisterValues>;

/** The page language's messages and the form's labels, for its errors in that language. */
export interface RegisterText {
  t: Parameters<typeof translatedFieldErrors>[1];
  labels: Record<"name" | "email" | "password", string>;
}

/**
 * The register form's checks: the server's own signup schema (name, e-mail, password length) plus
 * the confirm-password match of docs/product.md §5, in the page's language. Empty object when the
 * form may be sent.
 */
export function validateRegister(values: RegisterValues, text: RegisterText): RegisterErrors {
  const parsed = v.safeParse(SignUpSchema, {
    name: values.name,
    email: values.email,
    password: values.password,
  });
  const issues = parsed.issues ?? [];
  const errors: RegisterErrors = translatedFieldErrors(issues, text.t, text.labels);
  if (values.password !== values.confirmPassword) errors.confirmPassword = text.t(PASSWORDS_DO_NOT_MATCH);
  return errors;
}
