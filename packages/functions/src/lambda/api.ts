import { timingSafeEqual } from "node:crypto";
import { primeConnection } from "@fruit/core/db/read-client";
import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { handle } from "hono/aws-lambda";
import { app } from "../api/index.ts";
import { guardedConfig, logConfigurationRefused } from "./config-guard.ts";

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

/**
 * Whether `sent` is one of the values the router's origin header may carry: the stage's
 * `OriginSecret`, or during a rotation the previous one (docs/decisions/037-origin-secret.md).
 * Each is compared in constant time.
 */
export function cameThroughRouter(
  headers: Record<string, string | undefined> | undefined,
  origin: { header: string; values: readonly string[] } | undefined,
): boolean {
  if (!origin) return true;
  const sent = headers?.[origin.header];
  if (typeof sent !== "string") return false;
  let accepted = false;
  for (const value of origin.values) {
    if (
      value !== "" &&
      sent.length === value.length &&
      timingSafeEqual(Buffer.from(sent), Buffer.from(value))
    )
      accepted = true;
  }
  return accepted;
}

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
