import { bucket } from "./storage.ts";

/** Custom domain, e.g. `SHOP_DOMAIN=shop.example.com npx sst deploy --stage production`. */
const domain = process.env.SHOP_DOMAIN;

/**
 * One CloudFront distribution for the whole shop: `/api` → the API function URL (stacks/api.ts),
 * `/images` → the bucket, `/` → the SPA (stacks/web.ts). Same origin for all three, so the SPA needs
 * no CORS and image URLs are plain `/images/...` paths.
 *
 * Protection stays "none": with OAC CloudFront replaces the `Authorization` header the API's bearer
 * tokens travel in. The router's cache key ignores `Authorization`, which is why per-user responses
 * send `Cache-Control: private, no-store`.
 */
export const router = new sst.aws.Router("Router", {
  ...(domain ? { domain } : {}),
  protection: "none",
});

router.routeBucket("/images", bucket);
