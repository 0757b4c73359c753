import useSWR from "swr";
import { api } from "../../../../lib/api.ts";

/** GET /api/keys/paypal — the PayPal client id as text; "test" when the shop runs test payments. */
export const paypalClientIdKey = "/api/keys/paypal";

/** The server's client id for the test payment provider. */
export const TEST_PAYMENTS_CLIENT_ID = "test";

export const fetchPaypalClientId = (key: string): Promise<string> =>
  api<unknown>(key, { headers: { Accept: "text/plain" } }).then((body) => String(body ?? "").trim());

export function usePaypalClientId(enabled: boolean) {
  return useSWR<string>(enabled ? paypalClientIdKey : null, fetchPaypalClientId);
}
