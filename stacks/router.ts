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
export const domain = shopDomain();

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
 * The public pages' own cache behaviours, which fail over to the plain app
 * (docs/decisions/047-pages-survive-their-function.md, point 3). On every other path SST's router
 * picks the origin in its viewer-request function (`cf.updateRequestOrigin`, its KV routes), which
 * would replace an origin group; so each page path gets a behaviour of its own whose target is the
 * `pages-failover` origin group — the page function's URL first, the site's bucket when the function
 * answers 500, 502, 503 or 504 (a crash at init, its timeout, running out of memory) — a
 * viewer-request function of its own, and the edge function below, which also answers a throttle's
 * 429 (no failover code) with the plain app. `/sitemap.xml`, `/robots.txt`, `/sitemaps/*`, `/_home`
 * and deeper paths stay on the router's behaviour (an `index.html` there would be wrong), and so does
 * `/api`: it has no failover and the distribution no custom error responses.
 */
export const PAGE_FAILOVER_PATHS = ["/", "/products", "/product/*", "/about", "/contact"] as const;
/** The origin group's failover codes: the ones the page function's own failures answer. */
export const PAGE_FAILOVER_STATUS_CODES = [500, 502, 503, 504] as const;
export const PAGES_ORIGIN_ID = "pages-function";
export const SITE_BUCKET_ORIGIN_ID = "site-bucket";
export const PAGES_ORIGIN_GROUP_ID = "pages-failover";

/**
 * The page function's URL and the site bucket's regional domain, handed over by stacks/pages.ts once
 * both exist: the router is built first (the static site and the page function name it), so its
 * distribution takes them as a deferred output, which keeps their dependencies for the deploy.
 */
const [pageOrigins, resolvePageOrigins] = $util.deferredOutput<{ pagesUrl: string; siteBucket: string }>();
export function servePagesWithFailover(origins: {
  pagesUrl: $util.Output<string>;
  siteBucket: $util.Output<string>;
}): void {
  resolvePageOrigins(
    $resolve([origins.pagesUrl, origins.siteBucket]).apply(([pagesUrl, siteBucket]) => ({
      pagesUrl,
      siteBucket,
    })),
  );
}

/**
 * The page behaviours' viewer-request function: the router's own steps (the origin header, the
 * viewer's IP, the query cut, the home rewrite), and the viewer's `Host` as `X-Forwarded-Host`, as
 * SST's router sets it for a URL origin — the page function takes a stage's public address from it
 * when the stage has no domain (packages/functions/src/pages/public-url.ts). CloudFront answers only
 * for the distribution's own names, so that host is one of them. A stage with a domain refuses its
 * CloudFront address on these paths as SST's router does on the others.
 */
export const pageViewerRequestCode = $interpolate`async function handler(event) {
${domain ? 'if (event.request.headers.host.value.includes("cloudfront.net")) return { statusCode: 403, statusDescription: "Forbidden" };' : ""}
${viewerRequestInjection}
event.request.headers["x-forwarded-host"] = event.request.headers.host;
return event.request;
}`;

export const pageViewerRequest = new aws.cloudfront.Function("PagesViewerRequest", {
  runtime: "cloudfront-js-2.0",
  comment: `${$app.name} ${$app.stage}: the public pages' viewer request (stacks/router.ts)`,
  publish: true,
  code: pageViewerRequestCode,
});

/**
 * The page behaviours' Lambda@Edge function, on two of their events
 * (docs/decisions/047-pages-survive-their-function.md, point 3):
 * - **origin request**: CloudFront runs it for the page function and, after a failover, again for the
 *   site's bucket; there the page's path (`/product/{slug}`, `/_home`) is no object, so a request to
 *   the bucket becomes `/index.html`, the plain app that renders the page from the API in the
 *   browser. CloudFront Functions run at the viewer only, before the origin is chosen.
 * - **origin response**: a throttled function URL answers 429, which an origin group cannot fail over
 *   on (its codes are 400, 403, 404, 416 and 5xx only), and an error page for the whole distribution
 *   would turn the API's 429 (`RATE_LIMITED`) into HTML too. So a 429 is replaced with the plain app,
 *   fetched from the distribution itself at `https://<X-Forwarded-Host>/index.html` (the host the
 *   page viewer-request function copies from the viewer's `Host`, one of the distribution's own
 *   names; anything that is not a plain host name, by the rule of
 *   packages/functions/src/pages/public-url.ts, is refused). `/index.html` is no page path: it is
 *   served by SST's default behaviour from the site's bucket, so that fetch never comes back here.
 *   The answer is a 200 with the page app's own fallback cache rule (`FALLBACK_CACHE_CONTROL`,
 *   packages/functions/src/pages/app.ts; tests/infra/pages.test.ts keeps them equal). A fetch that
 *   fails, times out, answers anything but 200 or is past the 1 MB Lambda@Edge allows a generated
 *   origin response leaves the 429 as it was, with a `throttled page kept its 429` line saying why:
 *   a trigger that throws would answer 502. Every other status passes through untouched.
 * Lambda@Edge takes no environment variables: the code is inline and names nothing of the stage.
 */
export const PAGE_FAILOVER_EDGE_CODE = `"use strict";
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$/;
const FALLBACK_CACHE_CONTROL = "public, max-age=0, s-maxage=5";
// Well inside the function's 5 s timeout (stacks/router.ts), which would answer 502.
const FETCH_TIMEOUT_MS = 2000;
// A generated origin response may hold 1 MB, headers included: room is left for them.
const MAX_BODY_BYTES = 1000000 - 65536;

function originRequest(request) {
  if (request.origin && request.origin.s3) {
    request.uri = "/index.html";
    request.querystring = "";
  }
  return request;
}

// The plain app for a throttled page, or why there is none.
async function plainApp(request) {
  const forwarded = request.headers && request.headers["x-forwarded-host"];
  const host = forwarded && forwarded[0] ? String(forwarded[0].value).trim().toLowerCase() : "";
  if (!HOST_NAME.test(host)) return { reason: "no plain X-Forwarded-Host" };
  const answer = await fetch("https://" + host + "/index.html", {
    redirect: "manual",
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (answer.status !== 200) return { reason: "/index.html answered " + answer.status };
  const html = await answer.text();
  if (Buffer.byteLength(html, "utf8") > MAX_BODY_BYTES) return { reason: "/index.html is past 1 MB" };
  return { html };
}

async function originResponse(request, response) {
  if (String(response.status) !== "429") return response;
  try {
    const { html, reason } = await plainApp(request);
    if (html === undefined) {
      console.error(JSON.stringify({ message: "throttled page kept its 429", reason }));
      return response;
    }
    const headers = response.headers || {};
    delete headers["content-encoding"];
    delete headers["content-length"];
    headers["content-type"] = [{ key: "Content-Type", value: "text/html; charset=utf-8" }];
    headers["cache-control"] = [{ key: "Cache-Control", value: FALLBACK_CACHE_CONTROL }];
    return { ...response, status: "200", statusDescription: "OK", headers, body: html, bodyEncoding: "text" };
  } catch (error) {
    console.error(JSON.stringify({ message: "throttled page kept its 429", reason: String(error) }));
    return response;
  }
}

exports.handler = async (event) => {
  const cf = event.Records[0].cf;
  if (cf.config && cf.config.eventType === "origin-response") return originResponse(cf.request, cf.response);
  return originRequest(cf.request);
};
`;

const edgeRole = new aws.iam.Role("PagesFailoverEdgeRole", {
  assumeRolePolicy: JSON.stringify({
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Action: "sts:AssumeRole",
        Principal: { Service: ["lambda.amazonaws.com", "edgelambda.amazonaws.com"] },
      },
    ],
  }),
  // Its logs only (in the region of each edge that ran it); it reads and writes nothing else.
  managedPolicyArns: ["arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"],
});

/**
 * A Lambda@Edge function must live in us-east-1, the shop's home region (stacks/region.ts), where the
 * stage's provider already is; x86_64 (Lambda@Edge runs no arm64) and a published version, which is
 * what CloudFront replicates. Removing a stage leaves its replicas for CloudFront to delete, which can
 * take hours (README, "What `production` protects, and removing a stage").
 */
export const pageFailoverEdge = new aws.lambda.Function("PagesFailoverEdge", {
  description: `${$app.name} ${$app.stage}: a failed-over page asks the bucket for /index.html; a throttled page (429) answers the plain app (stacks/router.ts)`,
  runtime: "nodejs22.x",
  architectures: ["x86_64"],
  handler: "index.handler",
  role: edgeRole.arn,
  code: new $util.asset.AssetArchive({ "index.js": new $util.asset.StringAsset(PAGE_FAILOVER_EDGE_CODE) }),
  memorySize: 128,
  timeout: 5,
  publish: true,
});

/** CloudFront signs its requests to the site's bucket (whose policy admits CloudFront's reads, SST's `access: "cloudfront"`). */
const siteBucketAccess = new aws.cloudfront.OriginAccessControl("PagesSiteBucketAccess", {
  name: `${$app.name}-${$app.stage}-pages-site`.slice(0, 64),
  description: "The public pages' failover to the site's index.html (stacks/router.ts)",
  originAccessControlOriginType: "s3",
  signingBehavior: "always",
  signingProtocol: "sigv4",
});

/** What SST's Router hands `transform.cdn` (platform/src/components/aws/cdn.ts). */
type Distribution = sst.aws.CdnArgs;

/**
 * Adds the page function and the site's bucket as origins, the origin group, and a behaviour per
 * page path before SST's (none with lazy routes). Each behaviour keeps the router's cache policy (so
 * the query cut above decides the cache key) and its origin request policy (every viewer header but
 * `Host`, which a function URL refuses), with the security headers; GET and HEAD only, as an origin
 * group requires (the pages answer nothing else).
 */
function addPageFailover(args: Distribution): void {
  args.origins = $util
    .all([args.origins, pageOrigins, siteBucketAccess.id])
    .apply(([origins, { pagesUrl, siteBucket }, accessId]) => [
      ...(origins ?? []),
      {
        originId: PAGES_ORIGIN_ID,
        domainName: new URL(pagesUrl).host,
        customOriginConfig: {
          httpPort: 80,
          httpsPort: 443,
          originProtocolPolicy: "https-only",
          originSslProtocols: ["TLSv1.2"],
          // Past the function's own 10 s timeout (stacks/pages.ts), whose 502 comes first.
          originReadTimeout: 15,
        },
      },
      { originId: SITE_BUCKET_ORIGIN_ID, domainName: siteBucket, originAccessControlId: accessId },
    ]);
  args.originGroups = $util.output(args.originGroups).apply((groups) => [
    ...(groups ?? []),
    {
      originId: PAGES_ORIGIN_GROUP_ID,
      failoverCriteria: { statusCodes: [...PAGE_FAILOVER_STATUS_CODES] },
      members: [{ originId: PAGES_ORIGIN_ID }, { originId: SITE_BUCKET_ORIGIN_ID }],
    },
  ]);
  args.orderedCacheBehaviors = $util
    .all([
      args.orderedCacheBehaviors,
      args.defaultCacheBehavior,
      securityHeadersPolicy.id,
      pageViewerRequest.arn,
      pageFailoverEdge.qualifiedArn,
    ])
    .apply(([behaviors, fallback, headersPolicyId, viewerRequestArn, edgeArn]) => [
      ...PAGE_FAILOVER_PATHS.map((pathPattern) => ({
        pathPattern,
        targetOriginId: PAGES_ORIGIN_GROUP_ID,
        viewerProtocolPolicy: "redirect-to-https",
        allowedMethods: ["GET", "HEAD"],
        cachedMethods: ["GET", "HEAD"],
        compress: true,
        cachePolicyId: fallback.cachePolicyId,
        originRequestPolicyId: fallback.originRequestPolicyId,
        responseHeadersPolicyId: headersPolicyId,
        functionAssociations: [{ eventType: "viewer-request", functionArn: viewerRequestArn }],
        lambdaFunctionAssociations: [
          { eventType: "origin-request", lambdaArn: edgeArn, includeBody: false },
          { eventType: "origin-response", lambdaArn: edgeArn, includeBody: false },
        ],
      })),
      ...(behaviors ?? []),
    ]);
}

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
      // The public pages' behaviours first: they copy the default behaviour's policies as SST set them.
      addPageFailover(args);
      args.defaultCacheBehavior = $util
        .all([args.defaultCacheBehavior, securityHeadersPolicy.id])
        .apply(([behavior, id]): CacheBehavior => ({ ...behavior, responseHeadersPolicyId: id }));
    },
  },
});

type CacheBehavior = aws.types.input.cloudfront.DistributionDefaultCacheBehavior;

router.routeBucket("/images", bucket);
