import { createHmac } from "node:crypto";
import { jwtSecret } from "./secrets.ts";

/**
 * The header by which the API knows a request came through the shop's CloudFront router
 * (docs/decisions/028-least-privilege-and-origin.md). The router's viewer-request function sets it on
 * every request, replacing any value a client sent (stacks/router.ts); the API Lambda answers 403 to
 * a request without the right value (packages/functions/src/lambda/api.ts), so the function URL,
 * which must stay public for CloudFront to keep `Authorization`, serves nobody directly.
 */
export const ORIGIN_HEADER = "x-fruit-origin";

/**
 * Its value: an HMAC of the stage's JwtSecret with a label of its own, so it is secret, stable
 * across deploys (the edge function is not rewritten for nothing) and rotates with the JwtSecret.
 * The secret itself never leaves the API; the edge function's code holds only this derivative.
 */
const value = $util
  .output(jwtSecret.value)
  .apply((secret) =>
    createHmac("sha256", secret).update(`fruit-shop origin verify\0${$app.stage}`).digest("hex"),
  );

/** Linked to the API only (`Resource.OriginVerify`, read by packages/core/src/config.ts). */
export const originVerify = new sst.Linkable("OriginVerify", {
  properties: { header: ORIGIN_HEADER, value },
});

/** The line the router's viewer-request function runs first (SST's `edge.viewerRequest.injection`). */
export const originInjection = value.apply(
  (hex) => `event.request.headers["${ORIGIN_HEADER}"] = { value: "${hex}" };`,
);
