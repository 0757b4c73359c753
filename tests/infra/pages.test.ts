import { FALLBACK_CACHE_CONTROL } from "@fruit/functions/pages/app";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordedDeploys } from "./deploy-stage.ts";
import { type Recording, resolved } from "./recording-sst.ts";

/**
 * The page function's wiring (stacks/pages.ts, docs/decisions/034-page-heads.md): its routes, the
 * public URL and indexing setting it renders with, the deployed index.html it reads, its least
 * privilege, and the router's noindex header and home rewrite per stage.
 */

const deployStage = recordedDeploys();
afterEach(() => vi.unstubAllEnvs());

const pagesOf = (recording: Recording) => recording.get("Function", "Pages").args;
const policyOf = (recording: Recording) =>
  recording.get("ResponseHeadersPolicy", "SecurityHeaders").args as { customHeadersConfig?: unknown };

describe("the page function", () => {
  it("renders with the stage's domain, reads the site's index.html and only what a page needs", async () => {
    // Never the router's URL: the function's URL is an origin of the router's distribution (its
    // failover), which would make each wait for the other. Without a domain the function takes the
    // host the CDN forwards (packages/functions/src/pages/public-url.ts).
    expect(
      (resolved(pagesOf(await deployStage("staging")).environment) as Record<string, string>).SHOP_URL,
    ).toBe(undefined);
    vi.stubEnv("SST_SECRET_ShopDomain", "shop.example.com");
    const recording = await deployStage("staging");
    const args = pagesOf(recording);
    const env = resolved(args.environment) as Record<string, string>;
    expect(env.SHOP_URL).toBe("https://shop.example.com");
    expect(env.WEB_BUCKET).toBe("fruit-shop-staging-Web-assets");
    expect(args.handler).toBe("packages/functions/src/lambda/pages.handler");
    const permissions = resolved(args.permissions) as { actions: string[]; resources: string[] }[];
    expect(permissions.flatMap((p) => p.actions).sort()).toEqual(
      ["dynamodb:GetItem", "dynamodb:Query", "s3:GetObject", "s3:GetObject"].sort(),
    );
    expect(permissions.flatMap((p) => p.resources)).toContain(
      "arn:recorded:s3:fruit-shop-staging-Web-assets/index.html",
    );
    expect(permissions.flatMap((p) => p.resources).join(" ")).not.toMatch(/PutObject|\*\*/);
    // Its table reads name only the public kinds' partitions (core's access/grants.ts, leadingKeys):
    // never a user's item with its password hash.
    const table = permissions.filter((p) => p.actions.some((action) => action.startsWith("dynamodb:")));
    expect(table).toHaveLength(2);
    for (const statement of table)
      expect((statement as { conditions?: unknown }).conditions).toEqual([
        {
          test: "ForAllValues:StringLike",
          variable: "dynamodb:LeadingKeys",
          values: ["PRODUCT#*", "SLUG#*", "CATALOGUE", "SEARCH#*", "PRODUCTS"],
        },
      ]);
    // Other functions are not narrowed by partition (the API reads accounts).
    const api = resolved(recording.get("Function", "Api").args.permissions) as { conditions?: unknown }[];
    expect(api.every((statement) => statement.conditions === undefined)).toBe(true);
    const links = args.link as unknown[];
    expect(links).toContain(recording.get("Linkable", "OriginVerify").instance);
  });

  it("is indexed on production only, unless the stage's SearchIndexing setting says otherwise", async () => {
    const indexingOf = (recording: Recording) =>
      (resolved(pagesOf(recording).environment) as Record<string, string>).SEARCH_INDEXING;
    const production = await deployStage("production");
    expect(indexingOf(production)).toBe("on");
    expect(policyOf(production).customHeadersConfig).toBeUndefined();
    const staging = await deployStage("staging");
    expect(indexingOf(staging)).toBe("off");
    expect(resolved(policyOf(staging).customHeadersConfig)).toEqual({
      items: [{ header: "X-Robots-Tag", value: "noindex", override: true }],
    });
    vi.stubEnv("SST_SECRET_SearchIndexing", "on");
    expect(indexingOf(await deployStage("staging"))).toBe("on");
    vi.stubEnv("SST_SECRET_SearchIndexing", "off");
    expect(indexingOf(await deployStage("production"))).toBe("off");
    vi.stubEnv("SST_SECRET_SearchIndexing", "yes");
    await expect(deployStage("staging")).rejects.toThrow(/SearchIndexing/);
  });

  it("gets the home page through the router's rewrite of / (the static site owns the / prefix)", async () => {
    const router = (await deployStage("dev")).get("Router", "Router");
    const injection = resolved(
      (router.args.edge as { viewerRequest: { injection: unknown } }).viewerRequest.injection,
    ) as string;
    for (const [uri, expected] of [
      ["/", "/_home"],
      ["/cart", "/cart"],
      ["/products", "/products"],
    ]) {
      const event = { request: { uri, headers: {} as Record<string, { value: string }> } };
      new Function("event", injection)(event);
      expect(event.request.uri).toBe(expected);
    }
  });

  it("keeps only the query parameters a page reads in the cache key: the rest are dropped before the cache", async () => {
    const router = (await deployStage("staging")).get("Router", "Router");
    const injection = resolved(
      (router.args.edge as { viewerRequest: { injection: unknown } }).viewerRequest.injection,
    ) as string;
    type Query = Record<string, { value: string }>;
    const forwarded = (uri: string, querystring: Query) => {
      const event = { request: { uri, headers: {}, querystring: { ...querystring } } };
      new Function("event", injection)(event);
      return event.request;
    };
    const tracking = {
      fbclid: { value: "IwAR0x" },
      utm_source: { value: "news" },
      zz: { value: String(Math.random()) },
    };
    const used = { category: { value: "berries" }, q: { value: "straw" }, page: { value: "2" } };
    const pages = ["/", "/products", "/product/strawberry", "/about", "/contact", "/accessibility"];
    // The French pages too (docs/decisions/052-language-by-url.md).
    for (const uri of [...pages, "/fr", "/fr/", ...pages.slice(1).map((path) => `/fr${path}`)]) {
      const request = forwarded(uri, { ...tracking, ...used });
      expect(request.querystring, uri).toEqual(used);
    }
    // The home page is rewritten after its query string is cut.
    expect(forwarded("/", tracking)).toMatchObject({ uri: "/_home", querystring: {} });
    // The API and the site's other paths keep theirs.
    expect(forwarded("/api/products", tracking).querystring).toEqual(tracking);
    expect(forwarded("/cart", tracking).querystring).toEqual(tracking);
    // A French screen that is not a page keeps its query (the sign-in's redirect).
    const redirect = { redirect: { value: "/checkout" } };
    expect(forwarded("/fr/login", redirect).querystring).toEqual(redirect);
    expect(forwarded("/fr/", tracking)).toMatchObject({ uri: "/fr/", querystring: {} });
  });

  it("reserves the stage's PagesConcurrency for the page function, and none unless set (a new account's limit of 10)", async () => {
    expect(pagesOf(await deployStage("production")).concurrency).toBeUndefined();
    vi.stubEnv("SST_SECRET_PagesConcurrency", "50");
    expect(pagesOf(await deployStage("production")).concurrency).toEqual({ reserved: 50 });
    for (const refused of ["0", "-5", "ten", "2.5"]) {
      vi.stubEnv("SST_SECRET_PagesConcurrency", refused);
      await expect(deployStage("production"), refused).rejects.toThrow(/PagesConcurrency setting must be/);
    }
  });
});

/** What SST's Router hands `transform.cdn` for its lazy routes (platform/src/components/aws/router.ts). */
const ALL_VIEWER_EXCEPT_HOST = "b689b0a8-53d0-40ab-baf2-68738e2966ac";
const sstDistribution = () => ({
  origins: [{ originId: "default", domainName: "placeholder.sst.dev" }],
  defaultCacheBehavior: {
    targetOriginId: "default",
    viewerProtocolPolicy: "redirect-to-https",
    allowedMethods: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
    cachedMethods: ["GET", "HEAD"],
    compress: true,
    cachePolicyId: "sst-server-cache-policy",
    originRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
    functionAssociations: [{ eventType: "viewer-request", functionArn: "arn:router-request" }],
  },
});

interface Behavior {
  pathPattern: string;
  targetOriginId: string;
  allowedMethods: string[];
  cachePolicyId: string;
  originRequestPolicyId: string;
  responseHeadersPolicyId: string;
  functionAssociations: { eventType: string; functionArn: string }[];
  lambdaFunctionAssociations: { eventType: string; lambdaArn: string; includeBody: boolean }[];
}
interface Distribution {
  origins: {
    originId: string;
    domainName: string;
    originAccessControlId?: string;
    customOriginConfig?: unknown;
  }[];
  originGroups: {
    originId: string;
    failoverCriteria: { statusCodes: number[] };
    members: { originId: string }[];
  }[];
  orderedCacheBehaviors: Behavior[];
  defaultCacheBehavior: Behavior;
  customErrorResponses?: unknown;
}

/** The router's distribution as SST would create it after the stacks' `transform.cdn`. */
function distributionOf(recording: Recording): Distribution {
  const cdn = (recording.get("Router", "Router").args.transform as { cdn: unknown }).cdn as (
    args: Record<string, unknown>,
    opts: object,
    name: string,
  ) => void;
  const args: Record<string, unknown> = sstDistribution();
  cdn(args, {}, "RouterCdn");
  return resolved(args) as Distribution;
}

type Headers = Record<string, { value: string }>;
type Query = Record<string, { value: string }>;
interface ViewerRequest {
  uri: string;
  headers: Headers;
  querystring: Query;
}

/** Runs the page behaviours' viewer-request function as CloudFront Functions does. */
async function pageViewerRequest(
  recording: Recording,
  request: ViewerRequest,
): Promise<ViewerRequest | { statusCode: number }> {
  const code = resolved(recording.get("CloudFrontFunction", "PagesViewerRequest").args.code) as string;
  const handler = new Function(`${code}\nreturn handler;`)() as (event: unknown) => Promise<ViewerRequest>;
  return handler({ viewer: { ip: "203.0.113.7" }, request });
}

/** The Lambda@Edge handler as deployed (its inline index.js), run on one CloudFront event. */
async function runEdge(recording: Recording, eventType: string, cf: Record<string, unknown>) {
  const code = recording.get("LambdaFunction", "PagesFailoverEdge").args.code as {
    assets: Record<string, { text: string }>;
  };
  const module = { exports: {} as { handler?: (event: unknown) => Promise<Record<string, unknown>> } };
  new Function("exports", "module", code.assets["index.js"]!.text)(module.exports, module);
  return module.exports.handler!({ Records: [{ cf: { config: { eventType }, ...cf } }] });
}
const edgeOriginRequest = (recording: Recording, request: Record<string, unknown>) =>
  runEdge(recording, "origin-request", { request });
const edgeOriginResponse = (
  recording: Recording,
  request: Record<string, unknown>,
  response: Record<string, unknown>,
) => runEdge(recording, "origin-response", { request, response });

describe("the public pages' failover to the plain app (docs/decisions/047-pages-survive-their-function.md)", () => {
  it("serves each page path from an origin group: the page function, then the site's bucket on 500/502/503/504", async () => {
    const recording = await deployStage("staging");
    const distribution = distributionOf(recording);
    const pages = recording.get("Function", "Pages").instance as { url: string };
    const policy = recording.get("ResponseHeadersPolicy", "SecurityHeaders").instance as { id: string };
    const access = recording.get("OriginAccessControl", "PagesSiteBucketAccess");
    const edge = recording.get("LambdaFunction", "PagesFailoverEdge").instance as { qualifiedArn: string };
    const viewerRequest = recording.get("CloudFrontFunction", "PagesViewerRequest").instance as {
      arn: string;
    };

    const byId = new Map(distribution.origins.map((origin) => [origin.originId, origin]));
    expect(byId.get("default")?.domainName).toBe("placeholder.sst.dev");
    expect(byId.get("pages-function")).toMatchObject({
      domainName: new URL(pages.url).host,
      customOriginConfig: { originProtocolPolicy: "https-only" },
    });
    expect(byId.get("site-bucket")).toEqual({
      originId: "site-bucket",
      domainName: "fruit-shop-staging-Web-assets.s3.us-east-1.amazonaws.com",
      originAccessControlId: (access.instance as { id: string }).id,
    });
    expect(access.args).toMatchObject({ originAccessControlOriginType: "s3", signingBehavior: "always" });
    expect(distribution.originGroups).toEqual([
      {
        originId: "pages-failover",
        failoverCriteria: { statusCodes: [500, 502, 503, 504] },
        members: [{ originId: "pages-function" }, { originId: "site-bucket" }],
      },
    ]);

    const behaviors = distribution.orderedCacheBehaviors;
    expect(behaviors.map((b) => b.pathPattern)).toEqual([
      "/",
      "/products",
      "/product/*",
      "/about",
      "/contact",
    ]);
    for (const behavior of behaviors) {
      expect(behavior, behavior.pathPattern).toMatchObject({
        targetOriginId: "pages-failover",
        // An origin group serves GET and HEAD (and OPTIONS) only; the pages answer nothing else.
        allowedMethods: ["GET", "HEAD"],
        // The router's cache policy (the query cut decides the key) and its origin request policy.
        cachePolicyId: "sst-server-cache-policy",
        originRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
        responseHeadersPolicyId: policy.id,
        functionAssociations: [{ eventType: "viewer-request", functionArn: viewerRequest.arn }],
        // One function on two events: the failover's request to the bucket, and a throttle's 429.
        lambdaFunctionAssociations: [
          { eventType: "origin-request", lambdaArn: edge.qualifiedArn, includeBody: false },
          { eventType: "origin-response", lambdaArn: edge.qualifiedArn, includeBody: false },
        ],
      });
    }
  });

  it("keeps /api, the sitemaps and robots.txt out of the group, and the distribution without custom error responses", async () => {
    const distribution = distributionOf(await deployStage("production"));
    const patterns = distribution.orderedCacheBehaviors.map((b) => b.pathPattern);
    for (const pattern of patterns)
      expect(pattern).not.toMatch(/^\/(api|sitemap|sitemaps|robots|images|_home)/);
    // Everything else — /api included — stays on SST's behaviour, routed by its function, untouched.
    expect(distribution.defaultCacheBehavior).toMatchObject({
      targetOriginId: "default",
      functionAssociations: [{ eventType: "viewer-request", functionArn: "arn:router-request" }],
    });
    expect(distribution.defaultCacheBehavior.lambdaFunctionAssociations).toBeUndefined();
    // An error page for the whole distribution would answer the API's 5xx with HTML.
    expect(distribution.customErrorResponses).toBeUndefined();
  });

  it("sends a failed-over request to the bucket's /index.html and leaves the page function's request alone", async () => {
    const recording = await deployStage("staging");
    const fn = recording.get("LambdaFunction", "PagesFailoverEdge").args;
    // Lambda@Edge: a published version, x86_64, no environment variables, a role Lambda@Edge may assume.
    expect(fn).toMatchObject({ publish: true, architectures: ["x86_64"], handler: "index.handler" });
    expect(fn.environment).toBeUndefined();
    const role = recording.get("IamRole", "PagesFailoverEdgeRole");
    expect(fn.role).toBe((role.instance as { arn: string }).arn);
    expect(JSON.parse(role.args.assumeRolePolicy as string).Statement[0].Principal.Service).toContain(
      "edgelambda.amazonaws.com",
    );

    const bucket = {
      s3: { domainName: "fruit-shop-staging-web-assets.s3.us-east-1.amazonaws.com", path: "" },
    };
    const functionUrl = { custom: { domainName: "abc.lambda-url.us-east-1.on.aws", path: "" } };
    for (const uri of ["/product/strawberry", "/_home", "/products", "/about"]) {
      const request = await edgeOriginRequest(recording, { uri, querystring: "page=2", origin: bucket });
      expect(request, uri).toMatchObject({ uri: "/index.html", querystring: "" });
    }
    const primary = { uri: "/product/strawberry", querystring: "page=2", origin: functionUrl };
    expect(await edgeOriginRequest(recording, { ...primary })).toEqual(primary);
  });

  describe("a throttled page function's 429 (an origin group cannot fail over on it)", () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    const host = "d111111abcdef8.cloudfront.net";
    const pageRequest = (forwardedHost?: string) => ({
      uri: "/product/strawberry",
      querystring: "",
      origin: { custom: { domainName: "abc.lambda-url.us-east-1.on.aws", path: "" } },
      headers:
        forwardedHost === undefined
          ? {}
          : { "x-forwarded-host": [{ key: "X-Forwarded-Host", value: forwardedHost }] },
    });
    const throttled = () => ({
      status: "429",
      statusDescription: "Too Many Requests",
      headers: {
        "content-type": [{ key: "Content-Type", value: "application/json" }],
        "content-length": [{ key: "Content-Length", value: "42" }],
        "content-encoding": [{ key: "Content-Encoding", value: "gzip" }],
        "x-amzn-requestid": [{ key: "x-amzn-RequestId", value: "r-1" }],
      },
    });
    const INDEX_HTML = '<!doctype html><html lang="en"><div id="root"></div></html>';
    /** The distribution's own /index.html as the stub answers it, with each URL asked for. */
    function stubFetch(answer: () => Promise<Response>) {
      const asked: string[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string | URL, init?: RequestInit) => {
          asked.push(String(url));
          expect(init?.signal).toBeInstanceOf(AbortSignal);
          return answer();
        }),
      );
      return asked;
    }

    it("answers the plain app with 200, fetched from the viewer's host, with the page app's fallback cache rule", async () => {
      const recording = await deployStage("staging");
      const asked = stubFetch(async () => new Response(INDEX_HTML, { status: 200 }));
      const response = await edgeOriginResponse(recording, pageRequest(host), throttled());
      expect(asked).toEqual([`https://${host}/index.html`]);
      expect(response).toMatchObject({ status: "200", body: INDEX_HTML, bodyEncoding: "text" });
      const headers = response.headers as Record<string, { key: string; value: string }[]>;
      expect(headers["content-type"]).toEqual([{ key: "Content-Type", value: "text/html; charset=utf-8" }]);
      // The same rule as a render that fails (packages/functions/src/pages/app.ts): 5 s at the CDN.
      expect(headers["cache-control"]).toEqual([{ key: "Cache-Control", value: FALLBACK_CACHE_CONTROL }]);
      // The origin's length and encoding were the 429's, not the app's.
      expect(headers["content-length"]).toBeUndefined();
      expect(headers["content-encoding"]).toBeUndefined();
    });

    it("keeps the 429 when the plain app cannot be fetched, is not a 200 or is too large to answer", async () => {
      const recording = await deployStage("staging");
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const answers: [string, () => Promise<Response>][] = [
        ["a network failure", async () => Promise.reject(new TypeError("fetch failed"))],
        ["a timeout", async () => Promise.reject(new DOMException("timed out", "TimeoutError"))],
        ["a 503", async () => new Response("busy", { status: 503 })],
        ["a 404", async () => new Response("missing", { status: 404 })],
        [
          "a redirect",
          async () => new Response(null, { status: 302, headers: { location: "https://x.example/" } }),
        ],
        // Lambda@Edge refuses a generated origin response past 1 MB.
        ["a body past 1 MB", async () => new Response("x".repeat(1_000_001), { status: 200 })],
      ];
      for (const [what, answer] of answers) {
        const asked = stubFetch(answer);
        expect(await edgeOriginResponse(recording, pageRequest(host), throttled()), what).toEqual(
          throttled(),
        );
        expect(asked, what).toEqual([`https://${host}/index.html`]);
        // One line saying why, for the operator's check (docs/decisions/047-pages-survive-their-function.md).
        expect(JSON.parse(logged.mock.lastCall?.[0] as string), what).toMatchObject({
          message: "throttled page kept its 429",
        });
        logged.mockClear();
      }
    });

    it("fetches nothing for a forwarded host that is not a plain host name", async () => {
      const recording = await deployStage("staging");
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      for (const forwarded of ["evil.com/x", "a@b", "evil.com:8443", "evil.com#", "", undefined]) {
        const asked = stubFetch(async () => new Response(INDEX_HTML, { status: 200 }));
        expect(
          await edgeOriginResponse(recording, pageRequest(forwarded), throttled()),
          String(forwarded),
        ).toEqual(throttled());
        expect(asked, String(forwarded)).toEqual([]);
      }
      expect(logged.mock.calls.map(([line]) => JSON.parse(line as string).reason)).toEqual(
        Array(6).fill("no plain X-Forwarded-Host"),
      );
    });

    it("passes every other answer through untouched: a page, a 404, a failed-over 5xx and the bucket's app", async () => {
      const recording = await deployStage("staging");
      const asked = stubFetch(async () => new Response(INDEX_HTML, { status: 200 }));
      for (const status of ["200", "404", "500", "503"]) {
        const response = {
          status,
          statusDescription: "whatever the origin said",
          headers: { "cache-control": [{ key: "Cache-Control", value: "public, max-age=0, s-maxage=30" }] },
        };
        expect(
          await edgeOriginResponse(recording, pageRequest(host), structuredClone(response)),
          status,
        ).toEqual(response);
      }
      const bucket = {
        s3: { domainName: "fruit-shop-staging-web-assets.s3.us-east-1.amazonaws.com", path: "" },
      };
      const fromBucket = { status: "200", headers: {} };
      expect(
        await edgeOriginResponse(
          recording,
          { ...pageRequest(host), uri: "/index.html", origin: bucket },
          fromBucket,
        ),
      ).toEqual(fromBucket);
      expect(asked).toEqual([]);
    });
  });

  it("still sets the origin header and the viewer's IP, cuts the query and rewrites / on the page paths", async () => {
    const recording = await deployStage("staging");
    const secret = resolved(
      (recording.get("Linkable", "OriginVerify").args as { properties: { value: unknown } }).properties.value,
    ) as string;
    const tracking = { fbclid: { value: "IwAR0x" }, utm_source: { value: "news" } };
    const used = { category: { value: "berries" }, q: { value: "straw" }, page: { value: "2" } };
    const forged = { "x-fruit-origin": { value: "forged" }, "x-fruit-viewer-ip": { value: "198.51.100.66" } };
    const host = { host: { value: "d111111abcdef8.cloudfront.net" } };
    for (const uri of ["/", "/products", "/product/strawberry", "/about", "/contact"]) {
      const request = (await pageViewerRequest(recording, {
        uri,
        headers: { ...host, ...forged },
        querystring: { ...tracking, ...used },
      })) as ViewerRequest;
      expect(request.querystring, uri).toEqual(used);
      expect(request.headers["x-fruit-origin"], uri).toEqual({ value: secret });
      expect(request.headers["x-fruit-viewer-ip"], uri).toEqual({ value: "203.0.113.7" });
      // The page function's address on a stage without a domain (packages/functions/src/pages/public-url.ts).
      expect(request.headers["x-forwarded-host"], uri).toEqual(host.host);
      expect(request.uri, uri).toBe(uri === "/" ? "/_home" : uri);
    }
    // A stage with a domain refuses its CloudFront address there, as SST's router does elsewhere.
    vi.stubEnv("SST_SECRET_ShopDomain", "shop.example.com");
    const withDomain = await deployStage("staging");
    const refused = await pageViewerRequest(withDomain, {
      uri: "/about",
      headers: { ...host },
      querystring: {},
    });
    expect(refused).toMatchObject({ statusCode: 403 });
    const served = await pageViewerRequest(withDomain, {
      uri: "/about",
      headers: { host: { value: "shop.example.com" } },
      querystring: {},
    });
    expect((served as ViewerRequest).headers["x-forwarded-host"]).toEqual({ value: "shop.example.com" });
  });
});
