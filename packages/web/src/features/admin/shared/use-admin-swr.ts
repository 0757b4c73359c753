import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import useSWR, { type SWRResponse } from "swr";
import { ApiError, type Page, pageFetcher } from "../../../lib/api.ts";
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
 * const { data, error, isLoading } = useAdminSWR<AdminUser>(adminUserKey(id));
 */
export function useAdminSWR<T>(key: string | null): SWRResponse<T, Error> {
  const result = useSWR<T, Error>(key);
  useForbiddenRedirect(result.error);
  return result;
}

/**
 * One page of an admin list route (docs/decisions/026-bounded-lists.md), read like `useAdminSWR`:
 * `data.items`, `data.next` (the path of the page after it, if any). The page before stays on screen
 * while the next one loads (`isLoading` with `data`).
 *
 * @example
 * const { data } = useAdminPage<Order>("/api/orders?state=paid&limit=25");
 */
export function useAdminPage<T>(key: string): SWRResponse<Page<T>, Error> {
  const result = useSWR<Page<T>, Error>(key, pageFetcher<T>, { keepPreviousData: true });
  useForbiddenRedirect(result.error);
  return result;
}
