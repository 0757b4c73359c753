import { PAGE_FAILED } from "../packages/core/src/log.ts";
import { HOME_ORIGIN_PATH } from "../packages/core/src/pages/page-head.ts";
import {
  configurationRefusedFilter,
  countLines,
  lambdaMetric,
  METRIC_NAMESPACE,
  notify,
  originRefusedFilter,
} from "./alarms.ts";
import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { originVerify } from "./origin.ts";
import { bucketPermissions, TABLE_ACCESS, tablePermissions, webBucketPermissions } from "./permissions.ts";
import { domain, router, servePagesWithFailover } from "./router.ts";
import { searchIndexing, stageSetting } from "./stage.ts";
import { bucket, table } from "./storage.ts";
import { web } from "./web.ts";

/**
 * The page function (docs/decisions/034-page-heads.md): the public pages' HTML with their own head,
 * `/sitemap.xml` and `/robots.txt`. The router sends it `/products`, `/product/…`, `/about`,
 * `/contact`, `/accessibility`, everything under `/fr`, the sitemaps and robots.txt, and `/` (rewritten to HOME_ORIGIN_PATH by its
 * viewer-request function, stacks/router.ts: the static site owns the `/` prefix); every other path
 * stays with the static site. Each page reads one product by slug (or a category's count) and the
 * deployed index.html from the site's bucket, so its asset names are always the deployed ones; the
 * CDN keeps an answer at most 60 s (`s-maxage` + `stale-while-revalidate`, packages/functions/src/pages/app.ts).
 *
 * Absolute URLs come from the stage's public address, never from a client's say: `SHOP_URL`, the
 * stage's `ShopDomain`, when it has one; else the distribution's own address, which only the CDN's
 * functions forward (packages/functions/src/pages/public-url.ts). Not the router's URL: the function's
 * URL is an origin of the router's distribution (its failover, stacks/router.ts), so the function
 * cannot wait for the distribution's address (docs/decisions/047-pages-survive-their-function.md).
 */
const assets = web.nodes.assets;
if (!assets)
  throw new Error("The static site has no bucket of its own: the page function reads index.html from it");

export const PAGE_ROUTES = [
  "/products",
  "/product",
  "/about",
  "/contact",
  "/accessibility",
  // Every French address (docs/decisions/052-language-by-url.md): its public pages with their French
  // heads, and the SPA's other screens, answered with `<html lang="fr-CA">`.
  "/fr",
  "/sitemap.xml",
  "/sitemaps",
  "/robots.txt",
  HOME_ORIGIN_PATH,
] as const;

/**
 * The page function's reserved concurrency: the stage's `PagesConcurrency` setting
 * (`npx sst secret set PagesConcurrency 50 --stage production`; README, "Search engines"). Reserved,
 * it is both the most the pages may use — a bot burst on the pages cannot take the concurrency
 * checkout needs — and set aside for them. Lambda refuses a reservation that leaves the account fewer
 * than 10 unreserved executions, so on a new account whose limit is 10 it must stay unset (the
 * deploy would fail); raise the account's limit first. Past it, page requests are throttled and the
 * CDN fails the page over to the site's index.html (stacks/router.ts) or serves its last good copy
 * (`stale-if-error`, packages/functions/src/pages/app.ts).
 */
export const pagesConcurrency = pagesConcurrencySetting();

function pagesConcurrencySetting(): number | undefined {
  const setting = stageSetting("PagesConcurrency");
  if (setting === undefined) return undefined;
  if (!/^[1-9]\d{0,4}$/.test(setting))
    throw new Error(
      `The PagesConcurrency setting must be a whole number of executions from 1 (got "${setting}"): README, "Search engines"`,
    );
  return Number(setting);
}

export const pages = new sst.aws.Function("Pages", {
  handler: "packages/functions/src/lambda/pages.handler",
  runtime: "nodejs22.x",
  architecture: "arm64",
  // A render is one product read, one small S3 read and a string replace; the API's size keeps its
  // cold start as short (docs/decisions/023-catalogue-cold-start.md).
  memory: "1024 MB",
  timeout: "10 seconds",
  ...(pagesConcurrency === undefined ? {} : { concurrency: { reserved: pagesConcurrency } }),
  nodejs: lambdaBundling,
  logging: functionLogging,
  link: [table, bucket, originVerify],
  environment: {
    ...(domain ? { SHOP_URL: `https://${domain}` } : {}),
    SEARCH_INDEXING: searchIndexing() ? "on" : "off",
    WEB_BUCKET: assets.name,
  },
  permissions: [
    ...tablePermissions(TABLE_ACCESS.Pages, table),
    ...bucketPermissions("Pages", bucket),
    // The deployed index.html, in the web app's own bucket (core's access/grants.ts, WEB_BUCKET_ACCESS).
    ...webBucketPermissions("Pages", assets),
  ],
  url: true,
});

for (const path of PAGE_ROUTES) router.route(path, pages.url);
// The public pages' own behaviours: this function first, the site's index.html when it fails.
servePagesWithFailover({ pagesUrl: pages.url, siteBucket: assets.nodes.bucket.bucketRegionalDomainName });

/**
 * The page function failed (an init crash, its 10 s timeout, running out of memory, a refused
 * configuration): the pages it serves answered 502. Its refused configurations also count in the
 * stage's ConfigurationRefused metric (stacks/alarms.ts).
 */
export const pagesErrorsAlarm = new aws.cloudwatch.MetricAlarm("PagesErrorsAlarm", {
  alarmDescription: "The page function failed: public pages answered 502 (README, Alarms).",
  ...lambdaMetric(pages.name, "Errors"),
  period: 300,
  evaluationPeriods: 1,
  threshold: 1,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  ...notify,
});
export const pagesConfigurationRefusedFilter = configurationRefusedFilter("Pages", pages.name);
export const pagesOriginRefusedFilter = originRefusedFilter("Pages", pages.name);

/**
 * Pages the function could not render: a render that threw (DynamoDB or S3 failing, a bug) is answered
 * with the plain app (packages/functions/src/pages/app.ts) — a success to Lambda and to CloudFront —
 * and logs `page failed`, counted here; a timeout, a crash or a throttle never reaches the app and is
 * counted by Lambda (Errors, Throttles). Either way shoppers got the app without the page's own head.
 */
export const PAGE_FAILURES = "PageFailures";
export const pagesFailuresFilter = countLines(
  "PagesFailuresFilter",
  pages.name,
  [PAGE_FAILED],
  PAGE_FAILURES,
);
export const pagesServerErrorsAlarm = new aws.cloudwatch.MetricAlarm("PagesServerErrorsAlarm", {
  alarmDescription:
    "At least 3 public pages failed in 5 minutes (renders that threw, answered with the plain app, and the function's own failures) (README, Alarms).",
  metricQueries: [
    {
      id: "handled",
      metric: {
        namespace: METRIC_NAMESPACE,
        metricName: PAGE_FAILURES,
        period: 300,
        stat: "Sum",
        unit: "Count",
      },
    },
    {
      id: "errors",
      metric: {
        namespace: "AWS/Lambda",
        metricName: "Errors",
        dimensions: { FunctionName: pages.name },
        period: 300,
        stat: "Sum",
      },
    },
    {
      id: "failures",
      label: "Page failures (handled + Lambda errors)",
      expression: "FILL(handled, 0) + FILL(errors, 0)",
      returnData: true,
    },
  ],
  evaluationPeriods: 1,
  threshold: 3,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  ...notify,
});

/** Lambda refused page renders for lack of concurrency (its reserved share, or the account's). */
export const pagesThrottlesAlarm = new aws.cloudwatch.MetricAlarm("PagesThrottlesAlarm", {
  alarmDescription:
    "Lambda throttled the page function: shoppers got the cached page or the plain app (README, Alarms).",
  ...lambdaMetric(pages.name, "Throttles"),
  period: 300,
  evaluationPeriods: 1,
  threshold: 1,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  ...notify,
});
