import { getConfig } from "../config.ts";
import { FRENCH_PREFIX, PRIVATE_PATHS } from "./page-head.ts";

/**
 * robots.txt (docs/decisions/034-page-heads.md). A stage meant for search (config `site.indexing`:
 * production unless `SEARCH_INDEXING=off`, any other stage or the local shop only with
 * `SEARCH_INDEXING=on`) keeps crawlers out of the admin, the API and the signed-in screens and names
 * its sitemap; every other stage disallows everything. Link previews do not read robots.txt, so they
 * keep working everywhere.
 */

export function robotsTxt(): string {
  const { site } = getConfig();
  if (!site.indexing) return "User-agent: *\nDisallow: /\n";
  return [
    "User-agent: *",
    ...PRIVATE_PATHS.flatMap((path) => [`Disallow: ${path}`, `Disallow: ${FRENCH_PREFIX}${path}`]),
    "",
    `Sitemap: ${site.url}/sitemap.xml`,
    "",
  ].join("\n");
}
