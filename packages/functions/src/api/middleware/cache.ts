import { createHash } from "node:crypto";
import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";

/**
 * Public catalogue reads may be cached by the CDN for a minute and served stale while revalidating;
 * the ETag lets browsers revalidate for free (304). Everything else is `private, no-store` (set in
 * api/app.ts), because the CDN's cache key ignores Authorization.
 */
// SHA-1 of the body, as etag()'s default, but from node:crypto: Web Crypto's first digest in a cold
// Lambda loads a module of its own.
const bodyTag = etag({
  generateDigest: (body) => new Uint8Array(createHash("sha1").update(body).digest()).buffer,
});

/** Sets Cache-Control on a 200 answer. */
const cacheControl = (value: string) =>
  createMiddleware(async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", value);
  });

export const publicCache = [
  bodyTag,
  cacheControl("public, max-age=0, s-maxage=60, stale-while-revalidate=300"),
] as const;

/**
 * A read that must be fresh: the cart's stock check (`GET /api/products/{id}`, decision 005). No
 * shared cache stores it (`private`); the browser revalidates every time (`no-cache`), for free when
 * nothing changed (304 by ETag).
 */
export const freshRead = [bodyTag, cacheControl("private, no-cache")] as const;

/**
 * A public read whose figures move with every order (the delivery windows' seats left): shared caches
 * keep it five seconds; placement decides seats in its own transaction, so a stale answer only shows
 * a seat that is gone (docs/decisions/040-delivery-windows.md).
 */
export const briefPublicCache = [bodyTag, cacheControl("public, max-age=0, s-maxage=5")] as const;
