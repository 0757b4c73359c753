import { primeConnection } from "@fruit/core/db/read-client";
import type { ErrorCode } from "@fruit/core/errors";
import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { handle } from "hono/aws-lambda";
import { app } from "../api/index.ts";
import { refusedByOrigin } from "./origin.ts";

const serve = handle(app);

/**
 * The 403 of a request that did not come through the shop's CloudFront router: the function URL is
 * public (CloudFront must keep `Authorization`), so the router marks what it forwards
 * (stacks/origin.ts, docs/decisions/028-least-privilege-and-origin.md).
 */
const notThroughRouter = {
  statusCode: 403,
  headers: { "content-type": "application/json", "cache-control": "private, no-store" },
  body: JSON.stringify({
    message: "Use the shop's address: the API answers only requests made through it",
    code: "FORBIDDEN" satisfies ErrorCode,
  }),
  isBase64Encoded: false,
};

/** The API Lambda: a Function URL behind the router's `/api` route. */
export const handler = (event: LambdaEvent, context: LambdaContext) => {
  if (refusedByOrigin("Api", event)) return Promise.resolve(notThroughRouter);
  return serve(event, context);
};

// During init: DynamoDB's connection is set up while the first request is still being prepared
// (docs/decisions/023-catalogue-cold-start.md).
primeConnection();
