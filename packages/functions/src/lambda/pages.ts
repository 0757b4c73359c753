import { primeConnection } from "@fruit/core/db/read-client";
import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { handle } from "hono/aws-lambda";
import { createPagesApp } from "../pages/app.ts";
import { adoptForwardedHost } from "../pages/public-url.ts";
import { bucketTemplate } from "../pages/template.ts";
import { refusedByOrigin } from "./origin.ts";

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
  if (refusedByOrigin("Pages", event)) return Promise.resolve(notThroughRouter);
  // Through the router: its forwarded host is the stage's address when no SHOP_URL names one.
  adoptForwardedHost((event as { headers?: Record<string, string | undefined> }).headers);
  return serve(event, context);
};

// During init, as the API does (docs/decisions/023-catalogue-cold-start.md).
primeConnection();
