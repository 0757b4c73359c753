import { SignUpSchema } from "@fruit/core/browser/users";
import { type FieldErrors, parseForm } from "../../lib/form-errors.ts";
import { PASSWORDS_DO_NOT_MATCH } from "./passwords-match.ts";

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterErrors = FieldErrors<keyof RegisterValues>;

/**
 * The register form's checks: the server's own signup schema (name, e-mail, password length) plus
 * the confirm-password match of docs/product.md §5. Empty object when the form may be sent.
 */
export function validateRegister(values: RegisterValues): RegisterErrors {
  const parsed = parseForm(SignUpSchema, {
    name: values.name,
    email: values.email,
    password: values.password,
  });
  const errors: RegisterErrors = parsed.ok ? {} : parsed.errors;
  if (values.password !== values.confirmPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}
