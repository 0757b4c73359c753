import { getConfig } from "../config.ts";
import { escapeHtml } from "../escape.ts";
import { productStore } from "../products/product.store.ts";
import {
  aboutHead,
  accessibilityHead,
  catalogueHead,
  contactHead,
  homeHead,
  localePath,
  PAGE_LOCALES,
  productPath,
} from "./page-head.ts";

/**
 * /sitemap.xml (docs/decisions/034-page-heads.md): every product's canonical URL once, with its
 * `updatedAt` as `lastmod`, plus the public static pages and the category pages. Built a DynamoDB
 * page at a time and handed out as it is built (`write`), never holding the catalogue. Past
 * SITEMAP_MAX_URLS URLs (the protocol's limit per file) /sitemap.xml is a sitemap index instead:
 * `/sitemaps/pages.xml` and one part per SITEMAP_MAX_URLS products (`/sitemaps/products.xml`, then
 * `/sitemaps/products-<id>.xml`: the products after that id, newest first).
 *
 * Every page is listed in both languages (English, and French under `/fr`), each entry naming both
 * addresses and `x-default` as `xhtml:link` alternates, so each language points at the other
 * (docs/decisions/052-language-by-url.md); a page thus takes two of a file's URLs.
 */

export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const URLSET_NS = `${NS} xmlns:xhtml="http://www.w3.org/1999/xhtml"`;

type Write = (chunk: string) => void | Promise<void>;

const abs = (path: string) => `${getConfig().site.url}${path}`;
const link = (hreflang: string, path: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(abs(path))}"/>`;

/** A page's `<url>` entries, one per language, each with every language's address. */
const urlEntry = (path: string, lastmod?: string) => {
  const links =
    link("en", localePath("en", path)) + link("fr-CA", localePath("fr-CA", path)) + link("x-default", path);
  const modified = lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : "";
  return PAGE_LOCALES.map(
    (locale) => `<url><loc>${escapeHtml(abs(localePath(locale, path)))}</loc>${modified}${links}</url>\n`,
  ).join("");
};

/** URLs a page takes in the sitemap: one per language. */
const PER_PAGE = PAGE_LOCALES.length;

/** The pages that are not products': home, catalogue, about, contact and every category holding products. */
async function pagePaths(): Promise<string[]> {
  const categories = (await productStore.categoryCounts()).filter(({ count }) => count > 0);
  return [
    homeHead().path,
    catalogueHead().path,
    aboutHead().path,
    contactHead().path,
    accessibilityHead().path,
    ...categories.map(({ category }) => catalogueHead(category).path).sort(),
  ];
}

/** The `<url>` entries of up to `limit` products after `after` (by id), newest first. */
async function writeProducts(write: Write, limit: number, after?: string): Promise<void> {
  await productStore.eachSitemapEntry({ after, limit }, async (entries) => {
    await write(entries.map((entry) => urlEntry(productPath(entry.slug), entry.updatedAt)).join(""));
  });
}

/**
 * /sitemap.xml: one `<urlset>` while pages and products fit in `maxUrls`, else the index of its parts.
 */
export async function sitemap(write: Write, { maxUrls = SITEMAP_MAX_URLS } = {}): Promise<void> {
  const [pages, products] = await Promise.all([pagePaths(), productStore.countOf(undefined)]);
  const maxPages = Math.floor(maxUrls / PER_PAGE);
  if (pages.length + products <= maxPages) {
    await write(`${XML_HEAD}<urlset ${URLSET_NS}>\n`);
    await write(pages.map((path) => urlEntry(path)).join(""));
    await writeProducts(write, maxPages - pages.length);
    await write("</urlset>\n");
    return;
  }
  const parts = ["/sitemaps/pages.xml", "/sitemaps/products.xml"];
  for (const id of await productStore.idsEvery(maxPages)) parts.push(`/sitemaps/products-${id}.xml`);
  await write(`${XML_HEAD}<sitemapindex ${NS}>\n`);
  await write(parts.map((path) => `<sitemap><loc>${escapeHtml(abs(path))}</loc></sitemap>\n`).join(""));
  await write("</sitemapindex>\n");
}

/** One part of the sitemap index: `pages`, or the products after `after` (the first part: none). */
export async function sitemapIndexPart(
  write: Write,
  part: { pages: true } | { after?: string | undefined },
  { maxUrls = SITEMAP_MAX_URLS } = {},
): Promise<void> {
  await write(`${XML_HEAD}<urlset ${URLSET_NS}>\n`);
  if ("pages" in part) await write((await pagePaths()).map((path) => urlEntry(path)).join(""));
  else await writeProducts(write, Math.floor(maxUrls / PER_PAGE), part.after);
  await write("</urlset>\n");
}
