import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Validator from "@adobe/structured-data-validator";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { type Config, getConfig, loadConfig, setConfig } from "@fruit/core/config";
import { securityHeaders } from "@fruit/core/http/security-headers";
import * as products from "@fruit/core/products";
import * as reviews from "@fruit/core/reviews";
import { s3 } from "@fruit/core/uploads/s3";
import { createShopApp } from "@fruit/local/server";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The public pages' heads (docs/decisions/034-page-heads.md) as the local server answers them — the
 * page function's app over DynamoDB Local and the S3 emulator: titles, canonical and Open Graph
 * tags from the configured URL only, JSON-LD that Google's merchant-listing rules accept (checked
 * offline with @adobe/structured-data-validator), honest 404s, the sitemap, robots.txt per stage,
 * hostile texts and forged hosts.
 */

const SHOP = "https://shop.example.com";
/** A build's index.html in miniature: the head markers, a hashed asset, the SPA's root. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="application/json" id="storefront-boot">{"routes":[],"images":{"widths":[160,320],"sizes":{"card":"(min-width: 48em) 25vw, 50vw"}}}</script>
    <!--page-head-->
    <title>Fruit Shop — fresh fruit and vegetables</title>
    <meta name="description" content="Fresh fruit and vegetables." />
    <!--/page-head-->
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let config: Config;
let shop: Hono;
const webDist = mkdtempSync(join(tmpdir(), "fruit-pages-web-"));

/** A ready image's state record (what the image function writes last), so its share JPEG has a size. */
async function readyImage(stem: string, width: number, height: number) {
  await s3().send(
    new PutObjectCommand({
      Bucket: config.bucketName,
      Key: `images/${stem}/state.json`,
      Body: JSON.stringify({ state: "ready", width, height, color: "#aa3322" }),
      ContentType: "application/json",
    }),
  );
}

const page = (path: string, headers: Record<string, string> = {}) => shop.request(path, { headers });

/** The value of `<meta {attribute}="{key}" content="…">`, unescaped, or undefined. */
function metaOf(html: string, attribute: "name" | "property", key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/[:]/g, "\\$&")}" content="([^"]*)" />`).exec(
    html,
  );
  return match ? fromHtml(match[1] as string) : undefined;
}
const fromHtml = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
const titleOf = (html: string) => fromHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );

/** Google rich-result errors of a page's JSON-LD (the validator's input is web-auto-extractor's shape). */
async function structuredDataErrors(html: string) {
  const jsonld: Record<string, Record<string, unknown>[]> = {};
  for (const block of jsonLdOf(html)) {
    const type = String(block["@type"]);
    jsonld[type] = [...(jsonld[type] ?? []), block];
  }
  // Without schema.org's vocabulary (a download): Google's rules only, which are what the issue asks.
  const issues = await new Validator().validate({ jsonld, microdata: {}, rdfa: {} });
  return issues.filter((issue) => issue.severity === "ERROR");
}

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, read field by field in the assertions
type JsonLd = Record<string, any>;

const withIndexing = (indexing: boolean) => setConfig({ ...config, site: { ...config.site, indexing } });

beforeAll(async () => {
  config = await useFreshTable("pages", { SHOP_URL: SHOP, SEARCH_INDEXING: "on" });
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), TEMPLATE);
  writeFileSync(join(webDist, "assets", "index-Ab12Cd34.js"), "console.log('app');");
  await readyImage("seed/apple", 1600, 1200);
  await readyImage("seed/banner-strawberry", 2400, 1000);
  shop = createShopApp({
    webDist,
    uploadOrigins: [new URL(config.s3Endpoint as string).origin],
    maxSitemapUrls: 16,
    searchIndexing: () => getConfig().site.indexing,
  });
});

beforeEach(() => withIndexing(true));

afterAll(() => {
  setConfig(config);
  rmSync(webDist, { recursive: true, force: true });
});

describe("the head of every public page", () => {
  it("has its own title, description, absolute canonical, Open Graph and Twitter card", async () => {
    const product = await createProduct({ name: "Heirloom Tomato", category: "Vegetables", price: 4.5 });
    const paths = [
      "/",
      "/products",
      "/products?category=Vegetables",
      `/product/${product.slug}`,
      "/about",
      "/contact",
    ];
    const canonicals = [
      `${SHOP}/`,
      `${SHOP}/products`,
      `${SHOP}/products?category=Vegetables`,
      `${SHOP}/product/${product.slug}`,
      `${SHOP}/about`,
      `${SHOP}/contact`,
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [index, path] of paths.entries()) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      const html = await response.text();
      // The SPA boots from it unchanged: the build's asset and root are still there.
      expect(html, path).toContain(
        '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>',
      );
      expect(html, path).toContain('<div id="root"></div>');
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
      titles.add(titleOf(html));
      descriptions.add(metaOf(html, "name", "description") ?? "");
      expect(canonicalOf(html), path).toBe(canonicals[index]);
      expect(metaOf(html, "property", "og:url"), path).toBe(canonicals[index]);
      expect(metaOf(html, "property", "og:title"), path).toBe(titleOf(html));
      expect(metaOf(html, "property", "og:description"), path).toBe(metaOf(html, "name", "description"));
      expect(metaOf(html, "property", "og:type"), path).toBe(
        path.startsWith("/product/") ? "product" : "website",
      );
      expect(metaOf(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(metaOf(html, "property", "og:image:width"), path).toBe("1200");
      expect(html, path).not.toContain('name="robots"');
      expect(response.headers.get("X-Robots-Tag"), path).toBeNull();
    }
    expect(titles.size).toBe(paths.length);
    expect(descriptions.size).toBe(paths.length);

    const productHtml = await (await page(`/product/${product.slug}`)).text();
    expect(titleOf(productHtml)).toBe("Heirloom Tomato — Fruit Shop");
    expect(metaOf(productHtml, "name", "description")).toContain("$4.50 per kg");
    // The product's own share JPEG: 1200 wide, its height from the original's 1600 × 1200.
    expect(metaOf(productHtml, "property", "og:image")).toBe(`${SHOP}/images/seed/apple/share.jpg`);
    expect(metaOf(productHtml, "property", "og:image:height")).toBe("900");
    expect(metaOf(productHtml, "property", "product:price:amount")).toBe("4.50");
    // The other pages show the shop's picture: the first home banner (2400 × 1000 → 1200 × 500).
    const homeHtml = await (await page("/")).text();
    expect(metaOf(homeHtml, "property", "og:image")).toBe(`${SHOP}/images/seed/banner-strawberry/share.jpg`);
    expect(metaOf(homeHtml, "property", "og:image:height")).toBe("500");
  });

  it("is the same for every client: forged Host and X-Forwarded-Host and user agents change nothing", async () => {
    const product = await createProduct({ name: "Forged Host Pear" });
    for (const path of ["/", `/product/${product.slug}`, "/products", "/sitemap.xml", "/robots.txt"]) {
      const plain = await (await page(path)).text();
      for (const headers of <Record<string, string>[]>[
        { Host: "evil.example" },
        { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" },
        { Forwarded: "host=evil.example;proto=http" },
        { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
        { "User-Agent": "facebookexternalhit/1.1" },
        { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" },
      ]) {
        const forged = await (await page(path, headers)).text();
        expect(forged, `${path} ${JSON.stringify(headers)}`).toBe(plain);
        expect(forged).not.toContain("evil.example");
      }
    }
  });

  it("follows a change at once (the local shop caches no page)", async () => {
    const product = await createProduct({ name: "Quick Plum", price: 3 });
    expect(
      metaOf(await (await page(`/product/${product.slug}`)).text(), "property", "product:price:amount"),
    ).toBe("3.00");
    await products.update(product._id, { price: 3.25, name: "Quicker Plum" });
    const html = await (await page(`/product/${product.slug}`)).text();
    expect(metaOf(html, "property", "product:price:amount")).toBe("3.25");
    expect(titleOf(html)).toBe("Quicker Plum — Fruit Shop");
  });

  it("keeps the security headers and sends a cache policy of at most 60 s", async () => {
    const product = await createProduct();
    const expected = securityHeaders({ uploadOrigins: [new URL(config.s3Endpoint as string).origin] });
    for (const path of [
      "/",
      `/product/${product.slug}`,
      "/product/no-such-thing",
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      const response = await page(path);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
      const cache = response.headers.get("Cache-Control") ?? "";
      const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cache)?.[1] ?? Number.NaN);
      expect(
        seconds("s-maxage") + seconds("stale-while-revalidate"),
        `${path}: ${cache}`,
      ).toBeLessThanOrEqual(60);
    }
  });
});

describe("structured data on product pages", () => {
  it("is a Product with an Offer and a per-kg unit price, and passes the merchant-listing rules with 0 errors", async () => {
    const product = await createProduct({
      name: "Cherry",
      price: 12,
      brand: "Orchard Hill",
      countInStock: 3,
    });
    const html = await (await page(`/product/${product.slug}`)).text();
    expect(await structuredDataErrors(html)).toEqual([]);
    const [data, breadcrumbs] = jsonLdOf(html) as [JsonLd, JsonLd];
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Cherry",
      description: "Cherry description",
      image: [`${SHOP}/images/seed/apple/share.jpg`],
      sku: product._id,
      brand: { "@type": "Brand", name: "Orchard Hill" },
      offers: {
        "@type": "Offer",
        price: "12.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: `${SHOP}/product/${product.slug}`,
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: "12.00",
          priceCurrency: "USD",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "KGM" },
        },
      },
    });
    expect(data.aggregateRating).toBeUndefined();
    expect(breadcrumbs["@type"]).toBe("BreadcrumbList");
    expect(breadcrumbs.itemListElement.map((item: { item: string }) => item.item)).toEqual([
      `${SHOP}/`,
      `${SHOP}/products?category=Fruits`,
      `${SHOP}/product/${product.slug}`,
    ]);
  });

  it("sells a piece as H87, says OutOfStock without stock, and rates a reviewed product", async () => {
    const product = await createProduct({ name: "Pineapple", unit: "piece", countInStock: 0, price: 3 });
    const [first, second] = [await createUser({ name: "Ann" }), await createUser({ name: "Bo" })];
    await reviews.addReview(first, product._id, { rating: 5, comment: "Sweet" });
    await reviews.addReview(second, product._id, { rating: 4, comment: "Juicy" });
    const html = await (await page(`/product/${product.slug}`)).text();
    expect(await structuredDataErrors(html)).toEqual([]);
    const data = jsonLdOf(html)[0] as JsonLd;
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(data.offers.priceSpecification.referenceQuantity.unitCode).toBe("H87");
    expect(data.aggregateRating).toMatchObject({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 2,
    });
    expect(data.review.map((review: { author: { name: string } }) => review.author.name).sort()).toEqual([
      "Ann",
      "Bo",
    ]);
  });

  it("counts a missing price or image as errors (the check can fail)", async () => {
    const product = await createProduct({ name: "Validator Check" });
    const html = await (await page(`/product/${product.slug}`)).text();
    const broken = html
      .replace(/"offers":\{[\s\S]*?"itemCondition":"[^"]*",/, '"offers":{"@type":"Offer",')
      .replace(/"image":\[[^\]]*\],/, "");
    expect((await structuredDataErrors(broken)).length).toBeGreaterThan(0);
  });
});

describe("hostile texts", () => {
  const HOSTILE = `</script><script>alert("x")</script><!-- \u2028\u2029 ' " & <b>`;

  it("cannot break out of the head or the JSON-LD block, and reads back exactly", async () => {
    const product = await createProduct({
      name: `Evil ${HOSTILE}`,
      category: `Cat ${HOSTILE}`,
      brand: HOSTILE,
    });
    await products.update(product._id, { description: `About ${HOSTILE}` });
    const reviewer = await createUser({ name: `Rev ${HOSTILE}`.slice(0, 50) });
    await reviews.addReview(reviewer, product._id, { rating: 3, comment: `Said ${HOSTILE}` });
    for (const path of [
      `/product/${product.slug}`,
      `/products?category=${encodeURIComponent(`Cat ${HOSTILE}`)}`,
    ]) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // Exactly the template's scripts and the JSON-LD blocks: none was opened by a text.
      const scripts = html.match(/<script/g) ?? [];
      expect(scripts.length, path).toBe((TEMPLATE.match(/<script/g) ?? []).length + jsonLdOf(html).length);
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<b>");
      expect(html).not.toContain("\u2028");
      expect(html).not.toContain("\u2029");
      expect(html).not.toContain("<!-- ");
      expect(titleOf(html)).toContain(HOSTILE.replace(/\s+/g, " ").slice(0, 20));
    }
    const data = jsonLdOf(await (await page(`/product/${product.slug}`)).text())[0] as JsonLd;
    expect(data.name).toBe(`Evil ${HOSTILE}`);
    expect(data.description).toBe(`About ${HOSTILE}`);
    expect(data.brand.name).toBe(HOSTILE);
    expect(data.review[0].reviewBody).toBe(`Said ${HOSTILE}`);
  });
});

describe("the French pages (docs/decisions/052-language-by-url.md)", () => {
  const langOf = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];
  const alternatesOf = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [
        m[1],
        fromHtml(m[2] as string),
      ]),
    );

  it("answers /fr pages in French with <html lang>, Open Graph and JSON-LD inLanguage; the price stays USD", async () => {
    const product = await createProduct({ name: "Pêche", category: "Fruits", price: 12.49 });
    const home = await (await page("/fr/")).text();
    expect(langOf(home)).toBe("fr-CA");
    expect(titleOf(home)).toBe("Fruit Shop — fruits et légumes frais");
    expect(metaOf(home, "property", "og:locale")).toBe("fr_CA");
    expect(canonicalOf(home)).toBe(`${SHOP}/fr/`);
    expect(titleOf(await (await page("/fr")).text())).toBe("Fruit Shop — fruits et légumes frais");
    const catalogue = await (await page("/fr/products")).text();
    expect(titleOf(catalogue)).toBe("Tous les fruits et légumes — Fruit Shop");
    expect(langOf(catalogue)).toBe("fr-CA");

    const html = await (await page(`/fr/product/${product.slug}`)).text();
    expect(langOf(html)).toBe("fr-CA");
    expect(canonicalOf(html)).toBe(`${SHOP}/fr/product/${product.slug}`);
    expect(metaOf(html, "name", "description")?.replace(/\s/g, " ")).toContain("12,49 $ US le kg");
    expect(metaOf(html, "property", "product:price:currency")).toBe("USD");
    const [data, crumbs] = jsonLdOf(html) as JsonLd[];
    expect(data!.inLanguage).toBe("fr-CA");
    expect(data!.offers.priceCurrency).toBe("USD");
    expect(data!.offers.url).toBe(`${SHOP}/fr/product/${product.slug}`);
    expect(crumbs!.itemListElement[0]).toMatchObject({ name: "Accueil", item: `${SHOP}/fr/` });
    expect(await structuredDataErrors(html)).toEqual([]);
    // The English page says English.
    const english = await (await page(`/product/${product.slug}`)).text();
    expect(langOf(english)).toBe("en");
    expect((jsonLdOf(english)[0] as JsonLd).inLanguage).toBe("en");
  });

  it("links every page to itself in both languages and x-default, both ways (hreflang reciprocity)", async () => {
    const product = await createProduct({ name: "Prune", category: "Fruits" });
    const paths = [
      "/",
      "/products",
      "/products?category=Fruits",
      `/product/${product.slug}`,
      "/about",
      "/contact",
      "/accessibility",
    ];
    for (const path of paths) {
      const english = `${SHOP}${path}`;
      const french = `${SHOP}/fr${path}`;
      const en = alternatesOf(await (await page(path)).text());
      const fr = alternatesOf(await (await page(`/fr${path}`)).text());
      expect(en, path).toEqual({ en: english, "fr-CA": french, "x-default": english });
      // Reciprocal: the French page names the English one back, and each names itself.
      expect(fr, path).toEqual(en);
    }
  });

  it("answers the other French screens as the app in French, noindex, and unknown ones 404 in French", async () => {
    for (const path of ["/fr/cart", "/fr/login", "/fr/checkout", "/fr/order/123", "/fr/newsletter/confirm"]) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(langOf(html), path).toBe("fr-CA");
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).toContain('<div id="root"></div>');
    }
    const missing = await page("/fr/nowhere");
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(langOf(html)).toBe("fr-CA");
    expect(titleOf(html)).toBe("Page introuvable — Fruit Shop");
  });
});

describe("honest statuses", () => {
  it("answers an unknown product, category or deeper path 404 with the SPA shell, marked noindex", async () => {
    for (const path of [
      "/product/no-such-thing",
      "/products?category=No%20such%20category",
      "/product/a/b",
      "/about/more",
    ]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toContain("/assets/index-Ab12Cd34.js");
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(response.headers.get("X-Robots-Tag"), path).toBe("noindex");
      expect(canonicalOf(html), path).toBeUndefined();
      expect(titleOf(html), path).toBe("Page not found — Fruit Shop");
    }
  });

  it("keeps other client routes and files as they were", async () => {
    expect((await page("/cart")).status).toBe(200);
    expect((await page("/assets/index-Ab12Cd34.js")).status).toBe(200);
    expect((await page("/assets/missing.js")).status).toBe(404);
  });
});

describe("sitemap.xml", () => {
  // Its own table (below); the file's table, where the seed images are ready, is back after it.
  let pages: Config;
  beforeAll(() => {
    pages = config;
  });
  afterAll(() => {
    config = pages;
    setConfig(config);
  });

  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => fromHtml(m[1] as string));

  it("lists every product once with its lastmod, plus the public pages; past the limit it is an index of parts", async () => {
    // Its own table: the sitemap names the whole catalogue.
    config = await useFreshTable("sitemap", { SHOP_URL: SHOP, SEARCH_INDEXING: "on" });
    await readyImage("seed/banner-strawberry", 2400, 1000);
    const first = await createProduct({ name: "One", category: "Fruits" });
    const small = await page("/sitemap.xml");
    expect(small.status).toBe(200);
    expect(small.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const smallXml = await small.text();
    expect(smallXml).toContain("<urlset");
    // Each page in English, then in French (docs/decisions/052-language-by-url.md).
    expect(locs(smallXml)).toEqual(
      [
        "/",
        "/products",
        "/about",
        "/contact",
        "/accessibility",
        "/products?category=Fruits",
        `/product/${first.slug}`,
      ].flatMap((path) => [`${SHOP}${path}`, `${SHOP}/fr${path}`]),
    );
    // Every entry names both languages and x-default: each language points at the other.
    const entries = [...smallXml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] as string);
    for (const entry of entries) {
      const alternates = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
        m[1],
        fromHtml(m[2] as string),
      ]);
      const loc = locs(entry)[0] as string;
      const english = loc.replace(`${SHOP}/fr/`, `${SHOP}/`);
      const french = english.replace(SHOP, `${SHOP}/fr`);
      expect(alternates, loc).toEqual([
        ["en", english],
        ["fr-CA", french],
        ["x-default", english],
      ]);
    }
    const stored = await products.fromSlug(first.slug);
    expect(smallXml).toContain(`<lastmod>${stored.updatedAt}</lastmod>`);

    // 6 pages and 12 products, each twice, with a limit of 16 URLs per file: an index of the pages and
    // two product parts.
    const made = [first];
    for (let i = 0; i < 11; i += 1) made.push(await createProduct({ name: `Many ${i}`, category: "Fruits" }));
    const index = await (await page("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const parts = locs(index);
    expect(parts).toHaveLength(3);
    const listed: string[] = [];
    for (const part of parts) {
      expect(part.startsWith(`${SHOP}/sitemaps/`)).toBe(true);
      const response = await page(part.slice(SHOP.length));
      expect(response.status, part).toBe(200);
      const urls = locs(await response.text());
      expect(urls.length, part).toBeLessThanOrEqual(16);
      listed.push(...urls);
    }
    const productUrls = listed.filter((url) => url.includes("/product/"));
    expect(productUrls.sort()).toEqual(
      made.flatMap((p) => [`${SHOP}/product/${p.slug}`, `${SHOP}/fr/product/${p.slug}`]).sort(),
    );
    expect(listed).toContain(`${SHOP}/about`);
    expect((await page("/sitemaps/products-nonsense.xml")).status).toBe(404);
  });
});

describe("robots.txt and indexing per stage", () => {
  it("on a stage meant for search keeps private screens out and names the sitemap", async () => {
    const robots = await (await page("/robots.txt")).text();
    for (const path of ["/admin", "/api/", "/checkout", "/profile", "/orderhistory", "/order/", "/login"]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
      expect(robots).toContain(`Disallow: /fr${path}\n`);
    }
    expect(robots).not.toMatch(/Disallow: \/\n/);
    expect(robots).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
  });

  it("elsewhere disallows everything and marks every page noindex, yet keeps its link previews", async () => {
    withIndexing(false);
    expect(await (await page("/robots.txt")).text()).toBe("User-agent: *\nDisallow: /\n");
    const product = await createProduct({ name: "Staging Kiwi" });
    for (const path of ["/", `/product/${product.slug}`, "/products", "/cart", "/api/products"]) {
      const response = await page(path);
      expect(response.headers.get("X-Robots-Tag"), path).toBe("noindex");
    }
    const html = await (await page(`/product/${product.slug}`)).text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(metaOf(html, "property", "og:title")).toBe("Staging Kiwi — Fruit Shop");
    expect(metaOf(html, "property", "og:image")).toBe(`${SHOP}/images/seed/apple/share.jpg`);
  });

  it("is on for production by default, off for other stages and the local shop unless SEARCH_INDEXING=on", () => {
    const base = { TABLE_NAME: "pages-config", SHOP_URL: SHOP };
    expect(loadConfig({ ...base, SST_STAGE: "production" }).site.indexing).toBe(true);
    expect(loadConfig({ ...base, SST_STAGE: "production", SEARCH_INDEXING: "off" }).site.indexing).toBe(
      false,
    );
    expect(loadConfig({ ...base, SST_STAGE: "staging" }).site.indexing).toBe(false);
    expect(loadConfig({ ...base, SST_STAGE: "local" }).site.indexing).toBe(false);
    expect(loadConfig({ ...base, SST_STAGE: "local", SEARCH_INDEXING: "on" }).site.indexing).toBe(true);
    expect(() => loadConfig({ ...base, SEARCH_INDEXING: "yes" })).toThrow(/SEARCH_INDEXING/);
    expect(() => loadConfig({ ...base, SHOP_URL: "https://shop.example.com/path" })).toThrow(/SHOP_URL/);
  });
});

describe("the catalogue's first row", () => {
  it("is preloaded in /products's HTML as its cards ask for it: the two newest, their AVIF variants, the card's sizes", async () => {
    const made = async (stem: string) =>
      products.create({
        name: stem,
        slug: `${stem}-${Date.now().toString(36)}`,
        category: "Fruits",
        brand: "Farm",
        price: 3,
        countInStock: 5,
        image: `/images/seed/${stem}/800.webp`,
        images: [],
        description: stem,
      });
    await made("quince");
    await made("medlar");
    await made("loquat");
    const html = await (await page("/products")).text();
    const preloads = [
      ...html.matchAll(
        /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high" \/>/g,
      ),
    ];
    expect(preloads.map((match) => match[1])).toEqual([
      "/images/seed/loquat/160.avif 160w, /images/seed/loquat/320.avif 320w",
      "/images/seed/medlar/160.avif 160w, /images/seed/medlar/320.avif 320w",
    ]);
    expect(preloads.map((match) => fromHtml(match[2] as string))).toEqual([
      "(min-width: 48em) 25vw, 50vw",
      "(min-width: 48em) 25vw, 50vw",
    ]);
    // A search and a category leave their first row to the app.
    for (const path of ["/products?q=loquat", "/products?category=Fruits"])
      expect(await (await page(path)).text()).not.toContain('rel="preload" as="image"');
  });
});
