import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { mapError } from "./errors.ts";
import { keyRoutes } from "./keys.ts";
import { orderRoutes } from "./orders.ts";
import { productRoutes } from "./products.ts";
import { statsRoutes } from "./stats.ts";
import { uploadRoutes } from "./uploads.ts";
import { userRoutes } from "./users.ts";

/** JSON bodies are small; only the multipart upload may carry an image (5 MB + form overhead). */
const JSON_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

/**
 * The 413 of a refused body. The rest of that body is never read, so the answer closes the
 * connection: a keep-alive client then sends its next request on a new one instead of after the
 * unread bytes (the local server drains them before closing; in the cloud the function URL and
 * CloudFront own the connections and drop this hop-by-hop header).
 */
function bodyTooLarge(c: Context): Response {
  c.header("Connection", "close");
  c.header("Cache-Control", "private, no-store");
  return c.json({ message: "The request body is too large" }, 413);
}

/**
 * The whole HTTP API. The same app runs in Lambda (`lambda/api.ts`) and in the local runtime.
 *
 * @example
 * const res = await app.request("/api/products");
 */
export const app = new Hono<{ Variables: { requestId: string } }>()
  .basePath("/api")
  .use(requestId())
  .use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
  })
  .use(async (c, next) => {
    const maxSize = c.req.path === "/api/upload" ? UPLOAD_LIMIT : JSON_LIMIT;
    return bodyLimit({ maxSize, onError: bodyTooLarge })(c, next);
  })
  .get("/health", (c) => c.json({ ok: true }))
  .route("/products", productRoutes)
  .route("/users", userRoutes)
  .route("/orders/summary", statsRoutes)
  .route("/orders", orderRoutes)
  .route("/keys", keyRoutes)
  .route("/", uploadRoutes)
  .notFound((c) => c.json({ message: "Not Found" }, 404))
  .onError(mapError);

export type App = typeof app;
