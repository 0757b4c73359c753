import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { s3 } from "@fruit/core/uploads/s3";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleLikeSst, functionUrlEvent, invokeInFreshNode, ROOT } from "../infra/sst-bundle.ts";
import { createProduct } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The page function as SST deploys it (stacks/pages.ts): bundled with SST's options, run in a fresh
 * Node process configured only by its environment, invoked with Function URL events. It reads
 * index.html from the bucket WEB_BUCKET names (here the test bucket) and renders with SHOP_URL.
 */
const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8" />
<!--page-head--><title>Fruit Shop</title><!--/page-head-->
<script type="module" crossorigin src="/assets/index-Deployed1.js"></script></head><body><div id="root"></div></body></html>`;

describe("the page function's bundle", () => {
  const outdir = mkdtempSync(join(tmpdir(), "fruit-pages-bundle-"));
  let bundle = "";
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const config = await useFreshTable("pages-bundle");
    env = {
      TABLE_NAME: config.tableName,
      BUCKET_NAME: config.bucketName,
      WEB_BUCKET: config.bucketName,
      DYNAMODB_ENDPOINT: config.dynamoEndpoint as string,
      S3_ENDPOINT: config.s3Endpoint as string,
      S3_ACCESS_KEY_ID: config.s3Credentials?.accessKeyId as string,
      S3_SECRET_ACCESS_KEY: config.s3Credentials?.secretAccessKey as string,
      SHOP_URL: "https://shop.example.com",
      SEARCH_INDEXING: "on",
      AWS_REGION: "us-east-1",
    };
    await s3().send(
      new PutObjectCommand({
        Bucket: config.bucketName,
        Key: "index.html",
        Body: TEMPLATE,
        ContentType: "text/html",
      }),
    );
    bundle = (
      await bundleLikeSst(
        { file: join(ROOT, "packages/functions/src/lambda/pages.ts") },
        join(outdir, "pages"),
      )
    ).entry;
  });

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const invoke = async (
    path: string,
    extraEnv: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) =>
    (
      await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
        bundle,
        functionUrlEvent("GET", path, headers),
        { ...env, ...extraEnv },
      )
    ).result;
  const bodyOf = (result: APIGatewayProxyStructuredResultV2) =>
    result.isBase64Encoded
      ? result.headers?.["content-encoding"] === "gzip"
        ? gunzipSync(Buffer.from(result.body ?? "", "base64")).toString()
        : Buffer.from(result.body ?? "", "base64").toString()
      : (result.body ?? "");

  it("renders a product page into the deployed index.html, cached for at most 60 s at the edge", async () => {
    const product = await createProduct({ name: "Bundled Fig" });
    const result = await invoke(`/product/${product.slug}`);
    expect(result.statusCode).toBe(200);
    const html = bodyOf(result);
    expect(html).toContain("<title>Bundled Fig — Fruit Shop</title>");
    expect(html).toContain(
      `<link rel="canonical" href="https://shop.example.com/product/${product.slug}" />`,
    );
    expect(html).toContain("/assets/index-Deployed1.js");
    expect(result.headers?.["cache-control"]).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400",
    );
  });

  it("answers the router's home path as the home page, an unknown slug 404, and a gzipped sitemap", async () => {
    expect(bodyOf(await invoke("/_home"))).toContain(
      '<link rel="canonical" href="https://shop.example.com/" />',
    );
    const missing = await invoke("/product/no-such-fruit");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers?.["x-robots-tag"]).toBe("noindex");
    const sitemap = await invoke("/sitemap.xml", {}, { "accept-encoding": "gzip" });
    expect(sitemap.statusCode).toBe(200);
    expect(bodyOf(sitemap)).toContain("<loc>https://shop.example.com/about</loc>");
  });

  it("answers only requests that came through the router, when the origin header is linked", async () => {
    const origin = { header: "x-fruit-origin", value: "a".repeat(64) };
    const linked = { SST_RESOURCE_OriginVerify: JSON.stringify(origin) };
    expect((await invoke("/about", linked)).statusCode).toBe(403);
    const forwarded = { [origin.header]: origin.value, "x-forwarded-host": "d111111abcdef8.cloudfront.net" };
    // A stage's SHOP_URL (its ShopDomain) is its address whatever host the CDN forwards...
    const configured = await invoke("/about", linked, forwarded);
    expect(configured.statusCode).toBe(200);
    expect(bodyOf(configured)).toContain('<link rel="canonical" href="https://shop.example.com/about" />');
    // ...and a stage without one takes the CDN's forwarded host (packages/functions/src/pages/public-url.ts).
    const fromCdn = await invoke("/about", { ...linked, SHOP_URL: "" }, forwarded);
    expect(bodyOf(fromCdn)).toContain(
      '<link rel="canonical" href="https://d111111abcdef8.cloudfront.net/about" />',
    );
  });
});
