import { primeConnection } from "@fruit/core/db/read-client";
import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { handle } from "hono/aws-lambda";
import { app } from "../api/index.ts";
import { guardedConfig, logConfigurationRefused } from "./config-guard.ts";
import { cameThroughRouter } from "./origin.ts";

export { cameThroughRouter } from "./origin.ts";

const serve = handle(app);

/**
 * The 403 of a request that did not come through the shop's CloudFront router: the function URL is
 * public (CloudFront must keep `Authorization`), so the router marks what it forwards
 * (stacks/origin.ts, docs/decisions/028-least-privilege-and-origin.md).
 */
const notThroughRouter = {
  statusCode: 403,
  headers: { "content-type": "application/json", "cache-control": "private, no-store" },
  body: JSON.stringify({ message: "Use the shop's address: the API answers only requests made through it" }),
  isBase64Encoded: false,
};

/** The API Lambda: a Function URL behind the router's `/api` route. */
export const handler = (event: LambdaEvent, context: LambdaContext) => {
  const config = guardedConfig("Api");
  // Fails closed: in Lambda a missing origin link must not open the public function URL to everyone.
  if (config.inCloud && !config.originVerify) {
    logConfigurationRefused(
      "Api",
      "the OriginVerify link is missing (stacks/origin.ts): every request is refused",
    );
    return Promise.resolve(notThroughRouter);
  }
  const { headers } = event as { headers?: Record<string, string | undefined> };
  if (!cameThroughRouter(headers, config.originVerify)) return Promise.resolve(notThroughRouter);
  return serve(event, context);
};

// During init: DynamoDB's connection is set up while the first request is still being prepared
// (docs/decisions/023-catalogue-cold-start.md).
primeConnection();
