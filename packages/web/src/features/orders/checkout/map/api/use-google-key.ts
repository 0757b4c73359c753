import useSWR from "swr";
import { api } from "../../../../../lib/api.ts";
import { getShopState } from "../../../../../lib/shop-store.ts";

/** GET /api/keys/google → { key }; the original client sends `Authorization: BEARER {token}`. */
export const googleKeyKey = "/api/keys/google";

export const fetchGoogleKey = (key: string): Promise<{ key: string }> =>
  api<{ key: string }>(key, { headers: { Authorization: `BEARER ${getShopState().userInfo?.token ?? ""}` } });

export function useGoogleKey() {
  return useSWR<{ key: string }>(googleKeyKey, fetchGoogleKey);
}
