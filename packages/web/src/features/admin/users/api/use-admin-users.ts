import type { AdminUser } from "@fruit/core/browser/users";
import { useAdminPage } from "../../shared/use-admin-swr.ts";

export const ADMIN_USERS_PATH = "/api/users";

/** How many accounts a page of the admin table holds. */
export const ADMIN_USERS_PAGE_SIZE = 25;

/** GET /api/users?q=&limit=25 — the first page of the accounts (a name or e-mail search). */
export function adminUsersKey(filter: { q?: string | undefined } = {}): string {
  const params = new URLSearchParams();
  if (filter.q?.trim()) params.set("q", filter.q.trim());
  params.set("limit", String(ADMIN_USERS_PAGE_SIZE));
  return `${ADMIN_USERS_PATH}?${params}`;
}

/** True for every page of the list (any search or cursor); not for one user's /api/users/{id}. */
export const isAdminUsersKey = (key: unknown): boolean =>
  typeof key === "string" && (key === ADMIN_USERS_PATH || key.startsWith(`${ADMIN_USERS_PATH}?`));

/** One page of accounts (never a password hash): `key` is `adminUsersKey(filter)` or a `rel="next"` path. */
export const useAdminUsers = (key: string) => useAdminPage<AdminUser>(key);
