import { defineMessage } from "react-intl";

/**
 * The message under Confirm Password when it differs from Password, on the register and profile
 * forms. A module of its own so the profile screen does not download the signup rules.
 */
export const PASSWORDS_DO_NOT_MATCH = defineMessage({
  id: "account.passwordsDiffer",
  defaultMessage: "Passwords do not match",
});
