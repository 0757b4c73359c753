import { isProduction } from "./stage.ts";

/**
 * Per-stage secrets, set with `npx sst secret set <Name> <value> --stage <stage>`. The names are the
 * ones core's config reads through links (`Resource.JwtSecret.value`, ...), so renaming one here
 * means renaming it in packages/core/src/config.ts.
 */
export const jwtSecret = new sst.Secret("JwtSecret");
export const paypalClientId = new sst.Secret("PaypalClientId");
export const paypalClientSecret = new sst.Secret("PaypalClientSecret");
/**
 * A browser key (restricted by HTTP referrer in Google's console); the API hands it to the SPA.
 * Optional: unset, it is "" and the checkout's map screen says the map is not available (the
 * address form works without it). Without a placeholder SST would fail the deploy instead.
 */
export const googleMapsKey = new sst.Secret("GoogleMapsKey", "");

/**
 * How the stage takes payments (core's PAYMENT_MODES): `sandbox`, `live` or `test`. Kept as a secret
 * so the choice is per stage and survives every later deploy; unset, it is PayPal — live on
 * production, sandbox elsewhere. Test payments (which take no money) only when an operator runs
 * `npx sst secret set Payments test --stage <stage>`; core refuses `test` and `sandbox` on production.
 */
export const payments = new sst.Secret("Payments", isProduction ? "live" : "sandbox");

/**
 * How long an unpaid order holds its stock, in minutes (core's `unpaidOrderMinutes`; decimals allowed).
 * A setting rather than a secret, kept here so it is per stage and survives deploys like `Payments`.
 */
export const unpaidOrderMinutes = new sst.Secret("UnpaidOrderMinutes", "60");

/**
 * The id PayPal gives this stage's webhook when its URL (`<stage url>/api/webhooks/paypal`) is
 * registered (README, "PayPal webhooks"); the API sends it with every verify-webhook-signature call.
 * Linked to the API only: nothing else receives webhooks. Optional: unset, it is "" and the webhook
 * answers 503 (PayPal keeps the events and retries), while the sweep still reconciles payments and
 * refunds by asking PayPal.
 */
export const paypalWebhookId = new sst.Secret("PaypalWebhookId", "");

/** What the API reads: every secret (tokens, PayPal and its webhook id, the Maps key, payments, holds). */
export const apiSecrets = [
  jwtSecret,
  paypalClientId,
  paypalClientSecret,
  googleMapsKey,
  payments,
  unpaidOrderMinutes,
  paypalWebhookId,
];

/**
 * What the sweep reads: how the stage pays and PayPal's credentials, to ask whether a started payment
 * was captured. It signs nothing (no JwtSecret), hands out no Maps key, and cancels holds by the
 * deadline stored on each order (no UnpaidOrderMinutes). The stream handler reads no secret.
 */
export const sweeperSecrets = [paypalClientId, paypalClientSecret, payments];
