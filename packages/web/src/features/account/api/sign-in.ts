import type { SignInInput, UserInfo } from "@fruit/core/browser/users";
import { api } from "../../../lib/api.ts";

/** POST /api/users/signin → the user info (with token) the store keeps. */
export function signIn(input: SignInInput): Promise<UserInfo> {
  return api<UserInfo>("/api/users/signin", { method: "POST", body: input });
}
