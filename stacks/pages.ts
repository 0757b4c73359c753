import { HOME_ORIGIN_PATH } from "../packages/core/src/pages/page-head.ts";
import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { originVerify } from "./origin.ts";
import { bucketPermissions, TABLE_ACCESS, tablePermissions } from "./permissions.ts";
import { router } from "./router.ts";
import { searchIndexing } from "./stage.ts";
import { bucket, table } from "./storage.ts";
import { web } from "./web.ts";

/**
 * The page function (docs/decisions/034-page-heads.md): the public pages' HTML with their own head,
 * `/sitemap.xml` and `/robots.txt`. The router sends it `/products`, `/product/…`, `/about`,
 * `/contact`, the sitemaps and robots.txt, and `/` (rewritten to HOME_ORIGIN_PATH by its
 * viewer-request function, stacks/router.ts: the static site owns the `/` prefix); every other path
 * stays with the static site. Each page reads one product by slug (or a category's count) and the
 * deployed index.html from the site's bucket, so its asset names are always the deployed ones; the
 * CDN keeps an answer at most 60 s (`s-maxage` + `stale-while-revalidate`, packages/functions/src/pages/app.ts).
 *
 * Absolute URLs come from `SHOP_URL`, the router's URL (its domain when the stage has one), never
 * from a request's host.
 */
const assets = web.nodes.assets;
if (!assets)
  throw new Error("The static site has no bucket of its own: the page function reads index.html from it");

export const PAGE_ROUTES = [
  "/products",
  "/product",
  "/about",
  "/contact",
  "/sitemap.xml",
  "/sitemaps",
  "/robots.txt",
  HOME_ORIGIN_PATH,
] as const;

export const pages = new sst.aws.Function("Pages", {
  handler: "packages/functions/src/lambda/pages.handler",
  runtime: "nodejs22.x",
  architecture: "arm64",
  // A render is one product read, one small S3 read and a string replace; the API's size keeps its
  // cold start as short (docs/decisions/023-catalogue-cold-start.md).
  memory: "1024 MB",
  timeout: "10 seconds",
  nodejs: lambdaBundling,
  logging: functionLogging,
  link: [table, bucket, originVerify],
  environment: {
    SHOP_URL: router.url,
    SEARCH_INDEXING: searchIndexing() ? "on" : "off",
    WEB_BUCKET: assets.name,
  },
  permissions: [
    ...tablePermissions(TABLE_ACCESS.Pages, table),
    ...bucketPermissions("Pages", bucket),
    // The deployed index.html, in the web app's own bucket (the images bucket's grants are core's
    // access/grants.ts; this one object is the page function's alone).
    { actions: ["s3:GetObject"], resources: [$interpolate`${assets.arn}/index.html`] },
  ],
  url: true,
});

for (const path of PAGE_ROUTES) router.route(path, pages.url);
