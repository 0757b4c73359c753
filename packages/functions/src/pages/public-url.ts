import { getConfig, setConfig } from "@fruit/core/config";

/** A host name as CloudFront forwards it: labels of letters, digits and hyphens, no port. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The page function's public address on a stage without a domain
 * (docs/decisions/047-pages-survive-their-function.md, point 3). Its URL is an origin of the router's
 * distribution, so it cannot be deployed with the distribution's address in `SHOP_URL`
 * (stacks/pages.ts sets it only from the stage's `ShopDomain`). Without it, the first request that
 * passed the origin-header check (lambda/pages.ts) names it: the CDN's viewer-request functions set
 * `X-Forwarded-Host` to the viewer's `Host` (stacks/router.ts; SST's router does the same for a URL
 * origin), and CloudFront answers only for its own names — on such a stage, only its own
 * `*.cloudfront.net` address. A configured `SHOP_URL` is never replaced, and an address once taken is
 * kept for the life of the instance.
 *
 * @example
 * adoptForwardedHost({ "x-forwarded-host": "d111111abcdef8.cloudfront.net" });
 * getConfig().site.url; // "https://d111111abcdef8.cloudfront.net"
 */
export function adoptForwardedHost(headers: Record<string, string | undefined> | undefined): void {
  const config = getConfig();
  if (config.site.url !== "") return;
  const host = headers?.["x-forwarded-host"]?.trim().toLowerCase();
  if (!host || !HOST_NAME.test(host)) return;
  setConfig({ ...config, site: { ...config.site, url: `https://${host}` } });
}
