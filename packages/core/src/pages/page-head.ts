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

/** The shop-wide title and description (the home page's, and index.html's own). */
export const HOME_TITLE = "Fruit Shop — fresh fruit and vegetables";
export const HOME_DESCRIPTION =
  "Fresh fruit and vegetables, picked ripe and delivered to your door. Sold per kg.";

/** What a page's head names; `path` is the canonical path and query, made absolute by the renderer. */
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

export const homeHead = (): PageHeadText => ({ title: HOME_TITLE, description: HOME_DESCRIPTION, path: "/" });

/** The catalogue, or one category of it (`/products?category=<name>`, its canonical form). */
export function catalogueHead(category?: string): PageHeadText {
  if (!category)
    return {
      title: titled("All fruit and vegetables"),
      description:
        "Every fruit and vegetable in the shop, with prices per kg or per piece and what is in stock.",
      path: "/products",
    };
  return {
    title: titled(category),
    description: shortDescription(
      `${category} at ${SHOP_NAME}: fresh, picked ripe, priced per kg or per piece.`,
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

export function productHead(product: HeadProduct): PageHeadText {
  const price = `$${product.price.toFixed(2)} ${product.unit === "kg" ? "per kg" : "each"}`;
  const about = product.description.trim();
  return {
    title: titled(product.name),
    description: shortDescription(`${product.name}, ${price}.${about ? ` ${about}` : ""}`),
    path: productPath(product.slug),
  };
}

export const aboutHead = (): PageHeadText => ({
  title: titled("About us"),
  description: "Who picks, packs and delivers your fruit and vegetables, and how the shop works.",
  path: "/about",
});

export const contactHead = (): PageHeadText => ({
  title: titled("Contact"),
  description: "Write to the Fruit Shop, call us or find the shop: we answer within a working day.",
  path: "/contact",
});

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

/** Whether a path is one of PRIVATE_PATHS' screens. */
export const isPrivatePath = (path: string): boolean =>
  PRIVATE_PATHS.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
  );

/** The head of a private screen: the shop-wide title and description. */
export const privateHead = (path: string): PageHeadText => ({
  title: HOME_TITLE,
  description: HOME_DESCRIPTION,
  path,
});

/** An address no page answers (served with 404 and noindex). */
export const notFoundHead = (path: string): PageHeadText => ({
  title: titled("Page not found"),
  description: "This page does not exist. Browse the shop's fruit and vegetables instead.",
  path,
});
