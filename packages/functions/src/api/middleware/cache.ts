import { createHash } from "node:crypto";
import { etag } from "hono/etag";
import { createMiddleware } from "hono/factory";

/**
 * Public catalogue reads may be cached by the CDN for a minute and served stale while revalidating;
 * the ETag lets browsers revalidate for free (304). Everything else is `private, no-store` (set in
 * api/app.ts), because the CDN's cache key ignores Authorization.
 */
export const publicCache = [
  // SHA-1 of the body, as etag()'s default, but from node:crypto: Web Crypto's first digest in a cold
  // Lambda loads a module of its own.
  etag({ generateDigest: (body) => new Uint8Array(createHash("sha1").update(body).digest()).buffer }),
  createMiddleware(async (c, next) => {
    await next();
    if (c.res.status === 200) {
      c.header("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    }
  }),
] as const;
