import type { ProfileInput, UserInfo } from "@fruit/core/browser/users";
import { api } from "../../../lib/api.ts";

/** PUT /api/users/profile → the updated user info (with a fresh token). An empty password keeps it. */
export function updateProfile(
  input: { name: string; email: string; password: string } & ProfileInput,
): Promise<UserInfo> {
  return api<UserInfo>("/api/users/profile", { method: "PUT", body: input });
}
