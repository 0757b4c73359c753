/**
 * What each public page says about itself in its <head> (docs/decisions/034-page-heads.md): its
 * title, description and canonical path. Browser-safe and without dependencies: the page renderer
 * (pages/render.ts) writes these into the raw HTML, and the SPA sets the same ones on client-side
 * navigation (packages/web/src/lib/page-head.ts), so both always agree.
 */

export const SHOP_NAME = "Fruit Shop";

/**
 * Where the cloud's router sends the home page (`/`): its viewer-request function rewrites `/` to
 * this path, which routes to the page function (stacks/router.ts, stacks/pages.ts), since the static
 * site owns the `/` prefix. The page app answers it as `/`.
 */
export const HOME_ORIGIN_PATH = "/_home";

/**
 * The languages of the public pages (docs/decisions/052-language-by-url.md): English at the root,
 * Canadian French under `/fr`. The address alone chooses the language.
 */
export const PAGE_LOCALES = ["en", "fr-CA"] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

/** The path prefix of the French pages. */
export const FRENCH_PREFIX = "/fr";

/** A page's path (`/products?category=Fruit`, the same in every language) as its address in `locale`. */
export function localePath(locale: PageLocale, path: string): string {
  if (locale === "en") return path;
  return path === "/" ? `${FRENCH_PREFIX}/` : `${FRENCH_PREFIX}${path}`;
}

/** The shop-wide title and description (the home page's, and index.html's own). */
export const HOME_TITLE = "Fruit Shop — fresh fruit and vegetables";
export const HOME_DESCRIPTION =
  "Fresh fruit and vegetables, picked ripe and delivered to your door. Sold per kg.";
const HOME_TITLE_FR = "Fruit Shop — fruits et légumes frais";
const HOME_DESCRIPTION_FR =
  "Des fruits et légumes frais, cueillis mûrs et livrés à votre porte. Vendus au kilo.";

/**
 * What a page's head names; `path` is the canonical path and query in English (the French page's is
 * `localePath("fr-CA", path)`), made absolute by the renderer.
 */
export interface PageHeadText {
  title: string;
  description: string;
  path: string;
}

/** A search result snippet's usual length; longer descriptions are cut at a word. */
export const DESCRIPTION_MAX = 160;

/** One line of at most DESCRIPTION_MAX characters: whitespace folded, cut at a word with an ellipsis. */
export function shortDescription(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim();
  if (folded.length <= DESCRIPTION_MAX) return folded;
  const cut = folded.slice(0, DESCRIPTION_MAX - 1);
  const word = cut.lastIndexOf(" ");
  return `${(word > DESCRIPTION_MAX / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

const titled = (what: string) => `${what} — ${SHOP_NAME}`;

export const homeHead = (locale: PageLocale = "en"): PageHeadText =>
  locale === "fr-CA"
    ? { title: HOME_TITLE_FR, description: HOME_DESCRIPTION_FR, path: "/" }
    : { title: HOME_TITLE, description: HOME_DESCRIPTION, path: "/" };

/**
 * The catalogue, or one category of it (`/products?category=<name>`, its canonical form; the
 * category's name as the shop stores it, in English, so both languages share one address).
 */
export function catalogueHead(
  category?: string,
  locale: PageLocale = "en",
  categoryName = category,
): PageHeadText {
  const fr = locale === "fr-CA";
  if (!category)
    return {
      title: titled(fr ? "Tous les fruits et légumes" : "All fruit and vegetables"),
      description: fr
        ? "Tous les fruits et légumes de la boutique, avec leurs prix au kilo ou à la pièce et ce qui est en stock."
        : "Every fruit and vegetable in the shop, with prices per kg or per piece and what is in stock.",
      path: "/products",
    };
  return {
    title: titled(categoryName ?? category),
    description: shortDescription(
      fr
        ? `${categoryName} chez ${SHOP_NAME} : frais, cueillis mûrs, au kilo ou à la pièce.`
        : `${categoryName} at ${SHOP_NAME}: fresh, picked ripe, priced per kg or per piece.`,
    ),
    path: `/products?${new URLSearchParams({ category }).toString()}`,
  };
}

/** What a product page's head needs of the product. */
export interface HeadProduct {
  name: string;
  slug: string;
  description: string;
  price: number;
  unit: "kg" | "piece";
}

/** A product page's path: its canonical form. */
export const productPath = (slug: string): string => `/product/${encodeURIComponent(slug)}`;

/** "12,49 $ US le kg": the shop charges US dollars, which French must say (a bare "$" reads Canadian). */
const frenchPrice = new Intl.NumberFormat("fr-CA", { style: "currency", currency: "USD" });

export function productHead(product: HeadProduct, locale: PageLocale = "en"): PageHeadText {
  const price =
    locale === "fr-CA"
      ? `${frenchPrice.format(product.price)} ${product.unit === "kg" ? "le kg" : "la pièce"}`
      : `$${product.price.toFixed(2)} ${product.unit === "kg" ? "per kg" : "each"}`;
  const about = product.description.trim();
  return {
    title: titled(product.name),
    description: shortDescription(`${product.name}, ${price}.${about ? ` ${about}` : ""}`),
    path: productPath(product.slug),
  };
}

export const aboutHead = (locale: PageLocale = "en"): PageHeadText =>
  locale === "fr-CA"
    ? {
        title: titled("À propos"),
        description:
          "Qui cueille, emballe et livre vos fruits et légumes, et comment fonctionne la boutique.",
        path: "/about",
      }
    : {
        title: titled("About us"),
        description: "Who picks, packs and delivers your fruit and vegetables, and how the shop works.",
        path: "/about",
      };

export const contactHead = (locale: PageLocale = "en"): PageHeadText =>
  locale === "fr-CA"
    ? {
        title: titled("Contact"),
        description:
          "Écrivez à Fruit Shop, appelez-nous ou trouvez la boutique : nous répondons en un jour ouvrable.",
        path: "/contact",
      }
    : {
        title: titled("Contact"),
        description: "Write to the Fruit Shop, call us or find the shop: we answer within a working day.",
        path: "/contact",
      };

/** What conforms to WCAG 2.2 AA and how to report a barrier (`/accessibility`). */
export const accessibilityHead = (locale: PageLocale = "en"): PageHeadText =>
  locale === "fr-CA"
    ? {
        title: titled("Accessibilité"),
        description:
          "Ce qui est conforme aux WCAG 2.2 AA dans la boutique et comment nous signaler un obstacle.",
        path: "/accessibility",
      }
    : {
        title: titled("Accessibility"),
        description: "What in the shop conforms to WCAG 2.2 AA, and how to tell us about a barrier.",
        path: "/accessibility",
      };

/**
 * The screens of a signed-in shopper, the cart, sign-in and the admin: no search engine needs them
 * (robots.txt keeps crawlers out: pages/robots.ts) and they have no head of their own (the SPA shows
 * the shop-wide title there, without a canonical link).
 */
export const PRIVATE_PATHS = [
  "/admin",
  "/api/",
  "/cart",
  "/checkout",
  "/shipping",
  "/payment",
  "/map",
  "/placeorder",
  "/order/",
  "/orderhistory",
  "/profile",
  "/login",
  "/register",
] as const;

/** Whether a path (in either language: `/fr/cart` too) is one of PRIVATE_PATHS' screens. */
export const isPrivatePath = (path: string): boolean =>
  PRIVATE_PATHS.some((prefix) =>
    [prefix, `${FRENCH_PREFIX}${prefix}`].some(
      (p) => path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`),
    ),
  );

/** The head of a private screen: the shop-wide title and description. */
export const privateHead = (path: string, locale: PageLocale = "en"): PageHeadText => ({
  ...homeHead(locale),
  path,
});

/** An address no page answers (served with 404 and noindex). */
export const notFoundHead = (path: string, locale: PageLocale = "en"): PageHeadText =>
  locale === "fr-CA"
    ? {
        title: titled("Page introuvable"),
        description: "Cette page n’existe pas. Parcourez plutôt les fruits et légumes de la boutique.",
        path,
      }
    : {
        title: titled("Page not found"),
        description: "This page does not exist. Browse the shop's fruit and vegetables instead.",
        path,
      };
