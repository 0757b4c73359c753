import { type Config, getConfig } from "./config.ts";

/**
 * The client keys: keys of third-party services the browser app uses, which the API serves at
 * `/api/keys/*` (docs/product.md §7). Both are public by nature (they ship to the browser); they are
 * served to signed-in users only, as the original client expects. (Not DynamoDB keys: those are the
 * `*.keys.ts` builders.)
 */

/** The PayPal client id; `test` when the test payment provider replaces PayPal (PAYMENTS=test). */
export const paypalClientId = (config: Config = getConfig()): string =>
  config.payments === "test" ? "test" : config.paypal.clientId;

/** The Google Maps browser key; "" when none is configured (the map screen then says so). */
export const googleMapsKey = (config: Config = getConfig()): string => config.googleMapsKey;
