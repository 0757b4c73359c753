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
  it("renders with the router's URL, reads the site's index.html and only what a page needs", async () => {
    const recording = await deployStage("staging");
    const args = pagesOf(recording);
    const router = recording.get("Router", "Router").instance as { url: string };
    const env = resolved(args.environment) as Record<string, string>;
    expect(env.SHOP_URL).toBe(router.url);
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
