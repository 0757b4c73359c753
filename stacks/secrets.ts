/**
 * Per-stage secrets, set with `npx sst secret set <Name> <value> --stage <stage>`. The names are the
 * ones core's config reads through links (`Resource.JwtSecret.value`, ...), so renaming one here
 * means renaming it in packages/core/src/config.ts.
 */
export const jwtSecret = new sst.Secret("JwtSecret");
export const paypalClientId = new sst.Secret("PaypalClientId");
export const paypalClientSecret = new sst.Secret("PaypalClientSecret");
/** A browser key (restricted by HTTP referrer in Google's console); the API hands it to the SPA. */
export const googleMapsKey = new sst.Secret("GoogleMapsKey");

export const secrets = [jwtSecret, paypalClientId, paypalClientSecret, googleMapsKey];
