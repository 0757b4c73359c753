import { randomUUID } from "node:crypto";
import { asFunction } from "@fruit/core/access";
import { DIRECT_TOO_LARGE_MESSAGE, DIRECT_UPLOAD_BODY_LIMIT } from "@fruit/core/browser/uploads";
import { withRequestId } from "@fruit/core/log";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Hono } from "hono/quick";
import { requestId } from "hono/request-id";
import { restockAlertRoutes, restockLinkRoutes } from "./alerts.ts";
import { clientKeyRoutes } from "./client-keys.ts";
import { contactRoutes, newsletterRoutes } from "./contact.ts";
import { deliveryRoutes } from "./delivery.ts";
import { errorAnswer, errorLanguage, mapError } from "./errors.ts";
import { publicCache } from "./middleware/cache.ts";
import { orderRoutes } from "./orders.ts";
import { productRoutes } from "./products.ts";
import { promotionRoutes } from "./promotions.ts";
import type { Services } from "./services.ts";
import { statsRoutes } from "./stats.ts";
import { subscriptionRoutes } from "./subscriptions.ts";
import { taxRoutes } from "./tax.ts";
import { uploadRoutes } from "./uploads.ts";
import { userRoutes } from "./users.ts";
import { webhookRoutes } from "./webhooks.ts";
import { zoneRoutes } from "./zones.ts";

/** JSON bodies are small; only the multipart upload may carry an image (`DIRECT_UPLOAD_BODY_LIMIT`). */
const JSON_LIMIT = 256 * 1024;

/**
 * The 413 of a refused body. The rest of that body is never read, so the answer closes the
 * connection: a keep-alive client then sends its next request on a new one instead of after the
 * unread bytes (the local server reads and discards the rest of the body, up to a bound, before
 * closing, so a client still sending gets this answer rather than a reset: packages/local/src/server.ts;
 * in the cloud the function URL and CloudFront own the connections and drop this hop-by-hop header).
 */
function bodyTooLarge(c: Context, message = "The request body is too large"): Response {
  c.header("Connection", "close");
  return errorAnswer(c, "PAYLOAD_TOO_LARGE", message);
}

/**
 * A request's id: Lambda's own (`awsRequestId`, the id on the function's CloudWatch log lines), else
 * a random UUID (the local runtime, tests). Also spares a cold start Web Crypto's first use.
 */
export const newRequestId = (c: Context): string =>
  (c.env as { lambdaContext?: { awsRequestId?: string } } | undefined)?.lambdaContext?.awsRequestId ??
  randomUUID();

/**
 * The whole HTTP API, calling `services` (services.ts). The same app runs in Lambda (`lambda/api.ts`)
 * and in the local runtime, both through `app` of index.ts, which hands it the lazily loaded services.
 *
 * Every router is built with Hono's `hono/quick` preset (LinearRouter): it registers routes without
 * compiling them, which a cold Lambda pays on every start, where the default preset's RegExpRouter
 * builds one large expression on the first request (docs/decisions/023-catalogue-cold-start.md).
 *
 * @example
 * const res = await createApp(services).request("/api/products");
 */
export function createApp(services: Services) {
  return (
    new Hono<{ Variables: { requestId: string } }>()
      .basePath("/api")
      .use(requestId({ generator: newRequestId }))
      // Every line logged while the request runs, in core too, carries its id (packages/core/src/log.ts).
      .use((c, next) => withRequestId(c.get("requestId"), next))
      // A French caller's errors are answered in French (docs/decisions/050-i18n-formatjs.md).
      .use(errorLanguage)
      // Its calls are checked against the API's grants where they are enforced (core's access/enforce.ts).
      .use((_c, next) => asFunction("Api", next))
      .use(async (c, next) => {
        await next();
        if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
      })
      .use(async (c, next) => {
        if (c.req.path === "/api/upload") {
          // The API's own 413 (its limit, and the presigned path for larger images), not the generic one.
          return bodyLimit({
            maxSize: DIRECT_UPLOAD_BODY_LIMIT,
            onError: (c) => bodyTooLarge(c, DIRECT_TOO_LARGE_MESSAGE),
          })(c, next);
        }
        return bodyLimit({ maxSize: JSON_LIMIT, onError: (c) => bodyTooLarge(c) })(c, next);
      })
      .get("/health", (c) => c.json({ ok: true }))
      // The API's contract (openapi/document.ts), built on its first request in a chunk of its own.
      .get("/openapi.json", ...publicCache, async (c) => c.json(await services.openapi.openapiDocument()))
      .route("/products", restockAlertRoutes(services))
      .route("/products", productRoutes(services))
      .route("/restock-alerts", restockLinkRoutes(services))
      .route("/newsletter", newsletterRoutes(services))
      .route("/users", userRoutes(services))
      .route("/orders/summary", statsRoutes(services))
      .route("/orders", orderRoutes(services))
      .route("/delivery", zoneRoutes(services))
      .route("/delivery", deliveryRoutes(services))
      .route("/subscriptions", subscriptionRoutes(services))
      .route("/tax", taxRoutes(services))
      .route("/promotions", promotionRoutes(services))
      .route("/keys", clientKeyRoutes(services))
      .route("/webhooks", webhookRoutes(services))
      .route("/", contactRoutes(services))
      .route("/", uploadRoutes(services))
      .notFound((c) => errorAnswer(c, "NOT_FOUND", "Not Found"))
      .onError(mapError)
  );
}
