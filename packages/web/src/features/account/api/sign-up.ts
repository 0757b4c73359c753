import type { SignUpInput, UserInfo } from "@fruit/core/browser/users";
import { api } from "../../../lib/api.ts";

/** POST /api/users/signup → the new user's info (with token). */
export function signUp(input: SignUpInput): Promise<UserInfo> {
  return api<UserInfo>("/api/users/signup", { method: "POST", body: input });
}
