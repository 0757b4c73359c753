import {
  contentSecurityPolicy,
  FIXED_SECURITY_HEADERS,
  HSTS,
} from "../packages/core/src/http/security-headers.ts";
import { HOME_ORIGIN_PATH } from "../packages/core/src/pages/page-head.ts";
import { originInjection, viewerIpInjection } from "./origin.ts";
import { searchIndexing, stageSetting } from "./stage.ts";
import { bucket } from "./storage.ts";

/**
 * The stage's optional custom domain, a stage setting (stacks/stage.ts) set once with
 * `npx sst secret set ShopDomain shop.example.com --stage production`: it persists, so a redeploy
 * typed without it keeps the domain, its certificate and its DNS records; only
 * `npx sst secret remove ShopDomain --stage <stage>` and a deploy take them away. A plain domain name
 * makes SST create the certificate (ACM, us-east-1) and the DNS records in the account's **Route 53
 * hosted zone** for that domain, so the zone must exist first (a zone in the same AWS account whose
 * name is the domain or a parent of it). A domain whose DNS lives elsewhere needs SST's
 * `domain: { name, dns: false, cert }` form instead (an ACM certificate you validated yourself, and a
 * CNAME you add to the router's URL). Unset: the shop is served on the CloudFront URL the deploy prints.
 */
const domain = shopDomain();

function shopDomain(): string | undefined {
  const setting = stageSetting("ShopDomain");
  // The variable the shop read before: typed again out of habit, it must not silently differ.
  const legacy = process.env.SHOP_DOMAIN;
  if (legacy !== undefined && legacy !== (setting ?? "")) {
    throw new Error(
      `SHOP_DOMAIN is not read any more: the domain is the stage's ShopDomain setting (now ${setting ? `"${setting}"` : "unset"}). ` +
        `Set it with \`npx sst secret set ShopDomain ${legacy || "<domain>"} --stage ${$app.stage}\`, then deploy without SHOP_DOMAIN.`,
    );
  }
  if (
    setting !== undefined &&
    !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(setting)
  ) {
    throw new Error(`The ShopDomain setting "${setting}" is not a domain name such as shop.example.com`);
  }
  return setting;
}

/**
 * The security headers of every answer (SPA, `/api`, `/images`, error answers too), from the same
 * definition the local server uses (packages/core/src/http/security-headers.ts), `override: true`
 * so an origin cannot weaken them. The CSP also names the bucket's regional endpoint: the admin's
 * browser POSTs images straight to it (the presigned POST's URL).
 */
export const securityHeadersPolicy = new aws.cloudfront.ResponseHeadersPolicy("SecurityHeaders", {
  comment: `${$app.name} ${$app.stage}: security headers (packages/core/src/http/security-headers.ts)`,
  securityHeadersConfig: {
    contentSecurityPolicy: {
      contentSecurityPolicy: $resolve([bucket.name, aws.getRegionOutput().region]).apply(([name, region]) =>
        contentSecurityPolicy({ uploadOrigins: [`https://${name}.s3.${region}.amazonaws.com`] }),
      ),
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: FIXED_SECURITY_HEADERS["X-Frame-Options"], override: true },
    referrerPolicy: { referrerPolicy: FIXED_SECURITY_HEADERS["Referrer-Policy"], override: true },
    strictTransportSecurity: {
      accessControlMaxAgeSec: HSTS.maxAgeSeconds,
      includeSubdomains: HSTS.includeSubdomains,
      preload: HSTS.preload,
      override: true,
    },
  },
  // A stage not meant for search says so on every answer (docs/decisions/034-page-heads.md).
  ...(searchIndexing()
    ? {}
    : { customHeadersConfig: { items: [{ header: "X-Robots-Tag", value: "noindex", override: true }] } }),
});

/**
 * The query parameters a public page reads (packages/functions/src/pages/app.ts and the SPA's lists):
 * the category, the search and the page of results. The router's cache key holds every query string
 * (SST's cache policy, `queryStringBehavior: "all"`), so any other parameter (`?fbclid=…`,
 * `?utm_source=…`, a bot's random one) would make a fresh render of the page function; the
 * viewer-request function drops them before the cache on the page paths. `/api` keeps its own.
 */
export const PAGE_QUERY_PARAMS = ["category", "q", "page"] as const;
/** The page function's paths (stacks/pages.ts routes them): exact ones, then prefixes. */
const PAGE_EXACT_PATHS = ["/", HOME_ORIGIN_PATH, "/fr", "/fr/"];
const PAGE_PATH_PREFIXES = [
  "/products",
  "/product/",
  "/about",
  "/contact",
  "/accessibility",
  // The French pages (docs/decisions/052-language-by-url.md); the other /fr screens keep their query
  // (`/fr/login?redirect=…`).
  "/fr/products",
  "/fr/product/",
  "/fr/about",
  "/fr/contact",
  "/fr/accessibility",
];

export const pageQueryInjection = [
  'var pageUri = event.request.uri || "";',
  "var pageQuery = event.request.querystring || {};",
  `if (${JSON.stringify(PAGE_EXACT_PATHS)}.indexOf(pageUri) >= 0 || ${JSON.stringify(PAGE_PATH_PREFIXES)}.some(function (prefix) { return pageUri.indexOf(prefix) === 0; })) {`,
  "  for (var param in pageQuery) {",
  `    if (${JSON.stringify(PAGE_QUERY_PARAMS)}.indexOf(param) < 0) delete pageQuery[param];`,
  "  }",
  "}",
].join("\n");

/**
 * The router's viewer-request function: the origin header first, then the viewer's IP header (both
 * stacks/origin.ts: the API trusts the second because the first proves the function ran), then the
 * page paths' query strings cut to what a page reads (above), then the home page's rewrite to the page
 * function's path (stacks/pages.ts: the static site owns the `/` prefix, so `/` alone cannot be routed
 * elsewhere).
 */
export const viewerRequestInjection = $interpolate`${originInjection}
${viewerIpInjection}
${pageQueryInjection}
if (event.request.uri === "/") event.request.uri = "${HOME_ORIGIN_PATH}";`;

/**
 * One CloudFront distribution for the whole shop: `/api` → the API function URL (stacks/api.ts),
 * `/images` → the bucket, `/` → the SPA (stacks/web.ts). Same origin for all three, so the SPA needs
 * no CORS and image URLs are plain `/images/...` paths.
 *
 * Protection stays "none": with OAC CloudFront replaces the `Authorization` header the API's bearer
 * tokens travel in. Instead the viewer-request function adds a secret origin header that the API
 * checks, so the public function URL answers nothing that bypassed the router (stacks/origin.ts). The router's cache key ignores `Authorization`, which is why per-user responses
 * send `Cache-Control: private, no-store`.
 *
 * The routes attach lazily, so the distribution has one cache behaviour serving all three; the
 * headers policy goes on it through the function form of `transform.cdn`, which keeps every field
 * SST set on the behaviour (the object form would replace the behaviour wholesale). Its origin
 * request policy stays SST's Managed-AllViewerExceptHostHeader: every viewer header but `Host` (a
 * function URL refuses the viewer's), the viewer-request function's own headers included — the
 * origin header and the viewer's IP the API limits contact messages by (stacks/origin.ts;
 * tests/infra/client-ip.test.ts).
 */
export const router = new sst.aws.Router("Router", {
  ...(domain ? { domain } : {}),
  protection: "none",
  // Every request the router forwards carries the origin header the API checks (stacks/origin.ts).
  edge: { viewerRequest: { injection: viewerRequestInjection } },
  transform: {
    cdn: (args) => {
      args.defaultCacheBehavior = $util
        .all([args.defaultCacheBehavior, securityHeadersPolicy.id])
        .apply(([behavior, id]): CacheBehavior => ({ ...behavior, responseHeadersPolicyId: id }));
    },
  },
});

type CacheBehavior = aws.types.input.cloudfront.DistributionDefaultCacheBehavior;

router.routeBucket("/images", bucket);
