import { getConfig } from "../config.ts";
import { paypalProvider } from "./client.ts";
import type { PaymentProvider } from "./contract.ts";
import { testProvider } from "./test-provider.ts";

/** PayPal, or the in-process test provider when `PAYMENTS=test` (never on production; see config.ts). */
export function provider(): PaymentProvider {
  const config = getConfig();
  return config.payments === "test" ? testProvider : paypalProvider(config.paypal);
}
