import type { AdminUser } from "@fruit/core/browser/users";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const adminUserKey = (id: string): string => `/api/users/${encodeURIComponent(id)}`;

/** GET /api/users/{id} — fills the edit-user form. */
export const useAdminUser = (id: string | undefined) => useAdminSWR<AdminUser>(id ? adminUserKey(id) : null);
