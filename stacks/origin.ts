/**
 * The header by which the API knows a request came through the shop's CloudFront router
 * (docs/decisions/028-least-privilege-and-origin.md, docs/decisions/037-origin-secret.md). The
 * router's viewer-request function sets it on every request, replacing any value a client sent
 * (stacks/router.ts); the API Lambda answers 403 to a request without an accepted value
 * (packages/functions/src/lambda/api.ts), so the function URL, which must stay public for CloudFront
 * to keep `Authorization`, serves nobody directly.
 */
export const ORIGIN_HEADER = "x-fruit-origin";

/**
 * The header by which the API knows the viewer's IP, for the contact form's and the newsletter's
 * per-IP hourly limits (packages/functions/src/api/client-ip.ts, which names it too; tests/infra keeps
 * the two equal). CloudFront's own `CloudFront-Viewer-Address` cannot reach the API: the router's one
 * cache behaviour keeps SST's Managed-AllViewerExceptHostHeader origin request policy (a function URL
 * refuses the viewer's `Host`), and an origin request policy forwards either "every viewer header
 * except some" or "every viewer header, Host included, plus named CloudFront headers", never both
 * (docs/decisions/039-restock-alerts.md). A header the viewer-request function sets is a viewer header
 * to that policy, so it is forwarded, as the origin header is.
 */
export const VIEWER_IP_HEADER = "x-fruit-viewer-ip";

/**
 * Its value is a stage secret of its own, `OriginSecret` (at least 32 characters), so rotating the
 * JwtSecret after a leak leaves the router alone, and the origin secret rotates on its own schedule.
 * No placeholder: a stage without one fails its deploy until an operator sets it.
 */
export const originSecret = new sst.Secret("OriginSecret");

/**
 * The value being rotated out (docs/operations.md, "Rotating the origin secret"): while it is set the
 * API accepts it as well as `OriginSecret`, so the minutes CloudFront's edges take to run the new
 * viewer-request function answer no 403. Empty (the default) accepts only `OriginSecret`.
 */
export const originSecretPrevious = new sst.Secret("OriginSecretPrevious", "");

/** Shorter values are refused at deploy: the header is the only thing that keeps the function URL private. */
export const ORIGIN_SECRET_MIN_LENGTH = 32;

const current = $util.output(originSecret.value).apply((value) => {
  const secret = value.trim();
  if (secret.length < ORIGIN_SECRET_MIN_LENGTH)
    throw new Error(
      `The OriginSecret of stage ${$app.stage} must be at least ${ORIGIN_SECRET_MIN_LENGTH} characters: ` +
        `npx sst secret set OriginSecret "$(openssl rand -hex 32)" --stage ${$app.stage}`,
    );
  return secret;
});
const previous = $util.output(originSecretPrevious.value).apply((value) => value.trim());

/**
 * Linked to the API only (`Resource.OriginVerify`, read by packages/core/src/config.ts): the header,
 * the value the router sends now, and the previous one while a rotation is under way ("" otherwise).
 */
export const originVerify = new sst.Linkable("OriginVerify", {
  properties: { header: ORIGIN_HEADER, value: current, previous },
});

/**
 * The router's viewer-request function's second step: the viewer's IP as CloudFront saw the connection
 * (`event.viewer.ip`), replacing any value a client sent under that name; with no viewer IP (never,
 * in CloudFront) the client's value is removed all the same, so it is never the client's choice.
 */
export const viewerIpInjection = [
  "var viewerIp = event.viewer && event.viewer.ip;",
  `if (viewerIp) event.request.headers["${VIEWER_IP_HEADER}"] = { value: viewerIp };`,
  `else delete event.request.headers["${VIEWER_IP_HEADER}"];`,
].join("\n");

/** The line the router's viewer-request function runs first (SST's `edge.viewerRequest.injection`). */
export const originInjection = current.apply(
  (value) => `event.request.headers["${ORIGIN_HEADER}"] = { value: ${JSON.stringify(value)} };`,
);
