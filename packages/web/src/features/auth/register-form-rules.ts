import { SignUpSchema } from "@fruit/core/users/user.schema";
import * as v from "valibot";

/** Spec §8. */
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

/**
 * The register form's checks: the server's own signup schema (name, e-mail, password length) plus
 * the confirm-password match of spec §5. Empty object when the form may be sent.
 */
export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  const parsed = v.safeParse(SignUpSchema, {
    name: values.name,
    email: values.email,
    password: values.password,
  });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key as keyof RegisterValues | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  if (values.password !== values.confirmPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}
