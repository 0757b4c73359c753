import { escapeHtml, jsonForScript } from "../escape.ts";
import { type PageLocale, SHOP_NAME } from "./page-head.ts";

/**
 * A page's <head> as it is written into index.html (docs/decisions/034-page-heads.md). Everything
 * here is already absolute; every text is escaped on the way out.
 */
export interface RenderedHead {
  /** The page's language: `<html lang>`, `og:locale` (default English). */
  lang?: PageLocale | undefined;
  /**
   * The page's address in each language, absolute (`hreflang` links, `x-default` the English one):
   * every page names both, its own included, so each names the other back.
   */
  alternates?: Readonly<Record<PageLocale, string>> | undefined;
  title: string;
  description: string;
  /** Absolute; absent on a 404. */
  canonical?: string | undefined;
  noindex: boolean;
  ogType: "website" | "product";
  image?: { url: string; width?: number | undefined; height?: number | undefined; alt: string } | undefined;
  /** `product:price:*` Open Graph tags of a product page. */
  price?: { amount: string; currency: string } | undefined;
  /** JSON-LD blocks. */
  structuredData: unknown[];
  /**
   * Pictures the page shows first (the catalogue's first row), preloaded as its `<picture>` asks for
   * them: the AVIF variants' `imagesrcset` with the screen's `imagesizes` (storefront-boot.ts).
   */
  preloadImages?: { imagesrcset: string; imagesizes: string }[] | undefined;
}

/** The markers around the part of index.html the renderer replaces (packages/web/index.html). */
export const HEAD_START = "<!--page-head-->";
export const HEAD_END = "<!--/page-head-->";

const meta = (attribute: "name" | "property", key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

const alternate = (hreflang: string, href: string) =>
  `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`;

/** The tags of a head, one a line. */
export function headTags(head: RenderedHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    ...(head.noindex ? [meta("name", "robots", "noindex")] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    ...(head.alternates
      ? [
          alternate("en", head.alternates.en),
          alternate("fr-CA", head.alternates["fr-CA"]),
          alternate("x-default", head.alternates.en),
        ]
      : []),
    meta("property", "og:site_name", SHOP_NAME),
    meta("property", "og:locale", head.lang === "fr-CA" ? "fr_CA" : "en_US"),
    ...(head.alternates
      ? [meta("property", "og:locale:alternate", head.lang === "fr-CA" ? "en_US" : "fr_CA")]
      : []),
    meta("property", "og:type", head.ogType),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    ...(head.canonical ? [meta("property", "og:url", head.canonical)] : []),
    ...(head.image
      ? [
          meta("property", "og:image", head.image.url),
          ...(head.image.width ? [meta("property", "og:image:width", head.image.width)] : []),
          ...(head.image.height ? [meta("property", "og:image:height", head.image.height)] : []),
          meta("property", "og:image:alt", head.image.alt),
        ]
      : []),
    ...(head.price
      ? [
          meta("property", "product:price:amount", head.price.amount),
          meta("property", "product:price:currency", head.price.currency),
        ]
      : []),
    meta("name", "twitter:card", "summary_large_image"),
    ...(head.preloadImages ?? []).map(
      (image) =>
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(image.imagesrcset)}" imagesizes="${escapeHtml(image.imagesizes)}" fetchpriority="high" />`,
    ),
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ];
  return tags.join("\n    ");
}

/**
 * index.html with this head in place of its own: the part between the markers, else its <title>
 * (an index.html built before the markers), else just before </head>. The rest — the build's
 * hashed asset names, the boot script the CSP allows by hash — stays as the build wrote it.
 */
export function withHead(template: string, head: RenderedHead): string {
  return withLang(headInto(template, headTags(head)), head.lang ?? "en");
}

/** index.html's `<html lang>` set to the page's language (the build writes `en`). */
export function withLang(template: string, lang: PageLocale): string {
  return template.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang=/i.test(tag)
      ? tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]*)/i, ` lang="${lang}"`)
      : tag.replace(/>$/, ` lang="${lang}">`),
  );
}

function headInto(template: string, tags: string): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start >= 0 && end > start)
    return `${template.slice(0, start + HEAD_START.length)}\n    ${tags}\n    ${template.slice(end)}`;
  if (/<title>[\s\S]*?<\/title>/i.test(template))
    return template.replace(/<title>[\s\S]*?<\/title>/i, () => tags);
  if (/<\/head>/i.test(template)) return template.replace(/<\/head>/i, () => `${tags}\n</head>`);
  return `${tags}\n${template}`;
}
