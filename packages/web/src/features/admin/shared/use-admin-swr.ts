import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import useSWR, { type SWRResponse } from "swr";
import { ApiError } from "../../../lib/api.ts";
import { getShopState, shop } from "../../../lib/shop-store.ts";

/**
 * A 403 on an admin read means the server no longer sees the caller as an administrator (a demotion
 * takes effect at once, docs/architecture.md, 'API conventions'). The stored user info is corrected so the admin menu goes
 * away, and the caller goes to /login like the route guard sends any non-admin. No `redirect` back
 * to the admin screen: it would only bounce between the two.
 */
export function useForbiddenRedirect(error: unknown): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 403) return;
    const userInfo = getShopState().userInfo;
    if (userInfo?.isAdmin) shop.signIn({ ...userInfo, isAdmin: false });
    navigate("/login", { replace: true });
  }, [error, navigate]);
}

/**
 * SWR over the API for admin screens: the key is the API path (the app's fetcher adds the token),
 * and a 403 leaves the admin area.
 *
 * @example
 * const { data, error, isLoading } = useAdminSWR<AdminUser[]>(ADMIN_USERS_KEY);
 */
export function useAdminSWR<T>(key: string | null): SWRResponse<T, Error> {
  const result = useSWR<T, Error>(key);
  useForbiddenRedirect(result.error);
  return result;
}
