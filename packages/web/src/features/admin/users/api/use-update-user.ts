import type { AdminUserUpdate } from "@fruit/core/browser/users";
import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { adminUserKey } from "./use-admin-user.ts";
import { isAdminUsersKey } from "./use-admin-users.ts";

/** PUT /api/users/{id} { _id, name, email, isAdmin }; the user and the list are revalidated. */
export function useUpdateUser() {
  const { mutate } = useSWRConfig();
  return async (id: string, update: Required<AdminUserUpdate>): Promise<void> => {
    try {
      await api(adminUserKey(id), { method: "PUT", body: { _id: id, ...update } });
    } finally {
      void mutate(adminUserKey(id));
      void mutate(isAdminUsersKey);
    }
  };
}
