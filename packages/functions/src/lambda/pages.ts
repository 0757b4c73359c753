import { primeConnection } from "@fruit/core/db/read-client";
import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { handle } from "hono/aws-lambda";
import { createPagesApp } from "../pages/app.ts";
import { bucketTemplate } from "../pages/template.ts";
import { guardedConfig, logConfigurationRefused } from "./config-guard.ts";
import { cameThroughRouter } from "./origin.ts";

/**
 * The page function (stacks/pages.ts, docs/decisions/034-page-heads.md): the public pages' HTML with
 * their own head, `/sitemap.xml` and `/robots.txt`, behind the router. Like the API it answers only
 * requests that came through the router (stacks/origin.ts).
 */
const serve = handle(createPagesApp({ template: bucketTemplate }));

const notThroughRouter = {
  statusCode: 403,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
  body: "Use the shop's address",
  isBase64Encoded: false,
};

export const handler = (event: LambdaEvent, context: LambdaContext) => {
  const config = guardedConfig("Pages");
  // Fails closed, as the API does: in Lambda a missing origin link must not open the function URL.
  if (config.inCloud && !config.originVerify) {
    logConfigurationRefused(
      "Pages",
      "the OriginVerify link is missing (stacks/origin.ts): every request is refused",
    );
    return Promise.resolve(notThroughRouter);
  }
  const { headers } = event as { headers?: Record<string, string | undefined> };
  if (!cameThroughRouter(headers, config.originVerify)) return Promise.resolve(notThroughRouter);
  return serve(event, context);
};

// During init, as the API does (docs/decisions/023-catalogue-cold-start.md).
primeConnection();
