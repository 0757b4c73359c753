import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { SUMMARY_KEY } from "../../dashboard/api/use-summary.ts";
import { adminUserKey } from "./use-admin-user.ts";
import { isAdminUsersKey } from "./use-admin-users.ts";

/** DELETE /api/users/{id}; the list reloads (docs/product.md §4) and the dashboard's user count is refreshed. */
export function useDeleteUser() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    try {
      await api(adminUserKey(id), { method: "DELETE" });
    } finally {
      void mutate(isAdminUsersKey);
      void mutate(SUMMARY_KEY);
    }
  };
}
