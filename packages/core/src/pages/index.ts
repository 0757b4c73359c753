import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { STOREFRONT_BOOT_DATA_ID } from "../http/storefront-boot.ts";
import * as products from "../products/index.ts";
import type { ProductDetail } from "../products/product.schema.ts";
import { variantSetOf } from "../uploads/image-urls.ts";
import { type RenderedHead, withHead } from "./head-html.ts";
import {
  aboutHead,
  accessibilityHead,
  catalogueHead,
  contactHead,
  homeHead,
  localePath,
  notFoundHead,
  type PageHeadText,
  type PageLocale,
  privateHead,
  productHead,
  SHOP_NAME,
} from "./page-head.ts";
import { type ShareImage, shareImageOf, shareImageOrShop } from "./share-image.ts";
import { breadcrumbJsonLd, productJsonLd } from "./structured-data.ts";

export { robotsTxt } from "./robots.ts";
export { SITEMAP_MAX_URLS, sitemap, sitemapIndexPart } from "./sitemap.ts";

/**
 * The public pages' HTML (docs/decisions/034-page-heads.md): index.html — the deployed build's own,
 * handed in as `template` — with the page's head in place of the shop-wide one. Every client gets
 * the same HTML; nothing here reads the request's host or user agent: absolute URLs come from the
 * configured public URL only (config `site.url`).
 */

/**
 * The public pages the renderer knows, each in a language (`locale`, default English; the French
 * pages live under `/fr`: docs/decisions/052-language-by-url.md). `private` is a signed-in screen,
 * the cart or sign-in under `/fr`: the SPA shell in French, noindex.
 */
export type PageRequest = { locale?: PageLocale | undefined } & (
  | { page: "home" }
  | { page: "catalogue"; category?: string | undefined; q?: string | undefined }
  | { page: "product"; slug: string }
  | { page: "about" }
  | { page: "contact" }
  | { page: "accessibility" }
  | { page: "private" }
);

export interface RenderedPage {
  status: 200 | 404;
  html: string;
  /** Whether the answer tells search engines not to index it (also as `X-Robots-Tag`). */
  noindex: boolean;
}

/** An absolute URL of the shop's for a path (config `site.url`; the path alone when none is set). */
export const absoluteUrl = (path: string): string => `${getConfig().site.url}${path}`;

/** A page's address in each language, absolute: its canonical URL and its `hreflang` alternates. */
export const alternatesOf = (path: string): Record<PageLocale, string> => ({
  en: absoluteUrl(localePath("en", path)),
  "fr-CA": absoluteUrl(localePath("fr-CA", path)),
});

/** The head of a page that is not a product's, in `locale`. */
function plainHead(
  text: PageHeadText,
  image: ShareImage | undefined,
  noindex: boolean,
  locale: PageLocale = "en",
): RenderedHead {
  const alternates = alternatesOf(text.path);
  return {
    lang: locale,
    alternates,
    title: text.title,
    description: text.description,
    canonical: alternates[locale],
    noindex: noindex || !getConfig().site.indexing,
    ogType: "website",
    image: image && {
      url: absoluteUrl(image.path),
      width: image.width,
      height: image.height,
      alt: SHOP_NAME,
    },
    structuredData: [],
  };
}

/**
 * A product page's head, with its JSON-LD. The link preview shows the product's share JPEG, or the
 * shop's while the product's has none; the JSON-LD names only the product's own pictures.
 */
async function productPageHead(product: ProductDetail, locale: PageLocale): Promise<RenderedHead> {
  const text = productHead(product, locale);
  const own = await shareImageOf(product.image);
  const preview = own ?? (await shareImageOrShop(undefined));
  const url = absoluteUrl(localePath(locale, text.path));
  const description = product.description.trim() || text.description;
  const links = {
    url,
    images: [own ? own.path : product.image, ...product.images].map(absoluteUrl),
    home: absoluteUrl(localePath(locale, "/")),
    category: absoluteUrl(localePath(locale, catalogueHead(product.category).path)),
    homeName: locale === "fr-CA" ? "Accueil" : "Home",
    inLanguage: locale,
  };
  return {
    ...plainHead(text, preview, false, locale),
    ogType: "product",
    image: preview && {
      url: absoluteUrl(preview.path),
      width: preview.width,
      height: preview.height,
      alt: own ? product.name : SHOP_NAME,
    },
    price: { amount: product.price.toFixed(2), currency: "USD" },
    structuredData: [productJsonLd(product, links, description), breadcrumbJsonLd(product, links)],
  };
}

/** The 404 of an address no page answers: the SPA shell (it shows its not-found screen), noindex. */
async function notFound(template: Template, path: string, locale: PageLocale = "en"): Promise<RenderedPage> {
  const text = notFoundHead(path, locale);
  const head: RenderedHead = {
    lang: locale,
    title: text.title,
    description: text.description,
    noindex: true,
    ogType: "website",
    structuredData: [],
  };
  return { status: 404, html: withHead(await template, head), noindex: true };
}

/** index.html, or its read still under way (it runs while the page's data is read). */
type Template = string | Promise<string>;

const answer = async (template: Template, head: RenderedHead): Promise<RenderedPage> => ({
  status: 200,
  html: withHead(await template, head),
  noindex: head.noindex,
});

/**
 * The cards in the catalogue's first row at every width (two columns on a phone:
 * packages/web/src/components/image-sizes.ts): their pictures are the page's largest, preloaded in
 * its HTML so that they load beside the app's code instead of after its first API answer.
 */
const FIRST_ROW_EVERYWHERE = 2;

const BOOT_DATA = new RegExp(
  `<script type="application/json" id="${STOREFRONT_BOOT_DATA_ID}">([\\s\\S]*?)</script>`,
);

/**
 * Preloads of card pictures, as the boot script adds them once the API answered
 * (core's http/storefront-boot.ts): the variants' widths and the card's sizes come from the build's
 * data block in index.html, so the browser fetches the variant its `<picture>` will show. None
 * without that block, and none for a picture that names no variant.
 */
function cardPreloads(
  template: string,
  images: readonly string[],
): { imagesrcset: string; imagesizes: string }[] {
  const data = BOOT_DATA.exec(template)?.[1];
  if (!data) return [];
  let boot: { images?: { widths?: unknown; sizes?: { card?: unknown } } };
  try {
    boot = JSON.parse(data);
  } catch {
    return [];
  }
  const widths = boot.images?.widths;
  const sizes = boot.images?.sizes?.card;
  if (!Array.isArray(widths) || typeof sizes !== "string") return [];
  return images.flatMap((image) => {
    const set = variantSetOf(image);
    if (!set) return [];
    return [
      {
        imagesrcset: widths.map((width) => `${set.base}/${width}.avif ${width}w`).join(", "),
        imagesizes: sizes,
      },
    ];
  });
}

/** Longest category name a catalogue page answers for (longer ones are no category). */
const CATEGORY_MAX = 100;

/**
 * The HTML of a public page. A product page reads one product by slug (pattern 6, shared by
 * concurrent identical reads); a category page reads that category's count (pattern 28) and answers
 * 404 for a category without products; `q` (a search) is the catalogue's head, noindex.
 *
 * @example
 * const page = await renderPage(indexHtml, { page: "product", slug: "strawberry" }, "/product/strawberry");
 */
export async function renderPage(
  template: Template,
  request: PageRequest,
  path: string,
): Promise<RenderedPage> {
  const locale = request.locale ?? "en";
  switch (request.page) {
    case "home":
      return answer(template, plainHead(homeHead(locale), await shareImageOrShop(undefined), false, locale));
    case "about":
      return answer(template, plainHead(aboutHead(locale), await shareImageOrShop(undefined), false, locale));
    case "contact":
      return answer(
        template,
        plainHead(contactHead(locale), await shareImageOrShop(undefined), false, locale),
      );
    case "accessibility":
      return answer(
        template,
        plainHead(accessibilityHead(locale), await shareImageOrShop(undefined), false, locale),
      );
    case "private": {
      const text = privateHead(path, locale);
      const head: RenderedHead = {
        ...text,
        lang: locale,
        noindex: true,
        ogType: "website",
        structuredData: [],
      };
      return answer(template, head);
    }
    case "catalogue": {
      const category = request.category || undefined;
      if (category && category.length > CATEGORY_MAX) return notFound(template, path, locale);
      const [count, image, first] = await Promise.all([
        category ? products.countOfCategory(category) : undefined,
        shareImageOrShop(undefined),
        // The whole catalogue's first row only: a search's is the SPA's to find (its entries, then
        // the products), and a category's partition is not among the page function's grants
        // (core's access/grants.ts).
        request.q || category ? [] : products.firstImages(FIRST_ROW_EVERYWHERE),
      ]);
      if (count === 0) return notFound(template, path, locale);
      const head = plainHead(catalogueHead(category, locale), image, Boolean(request.q), locale);
      return answer(template, { ...head, preloadImages: cardPreloads(await template, first) });
    }
    case "product": {
      try {
        return answer(template, await productPageHead(await products.fromSlug(request.slug, locale), locale));
      } catch (error) {
        if (error instanceof AppError && error.code === "NOT_FOUND") return notFound(template, path, locale);
        throw error;
      }
    }
  }
}

/** The 404 page of any other address a page route received. */
export const renderNotFound = (
  template: Template,
  path: string,
  locale: PageLocale = "en",
): Promise<RenderedPage> => notFound(template, path, locale);
