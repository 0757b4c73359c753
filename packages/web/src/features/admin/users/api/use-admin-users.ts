import type { AdminUser } from "@fruit/core/browser/users/user.schema";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const ADMIN_USERS_KEY = "/api/users";

/** GET /api/users — every account (never a password hash). */
export const useAdminUsers = () => useAdminSWR<AdminUser[]>(ADMIN_USERS_KEY);
