/**
 * The CSS width each screen displays a stored image at (a `<picture>`'s `sizes`), per Mantine
 * breakpoint (md = 62em, lg = 75em). The browser picks the variant from it (components/picture.tsx);
 * index.html's boot script preloads the same variant with the same value (packages/web/vite.config.ts
 * passes these to it), so a preload is never a second download.
 */
export const IMAGE_SIZES = {
  /** Catalogue cards: 2 columns on a phone, 3 from md, 4 from lg inside the xl container (~300 px). */
  card: "(min-width: 75em) 300px, (min-width: 62em) 31vw, 48vw",
  /** The product page's main picture: half the xl container from md, the full width below. */
  product: "(min-width: 75em) 620px, (min-width: 62em) 48vw, 100vw",
  /** The product page's thumbnails. */
  thumb: "80px",
  /** Full-width banners (home carousel, About and Contact). */
  banner: "100vw",
  /** The deal-of-the-month block: half the xl container from md. */
  deal: "(min-width: 75em) 660px, (min-width: 62em) 50vw, 100vw",
  /** The home page's news teasers: 2 columns from sm, 3 from md. */
  teaser: "(min-width: 75em) 420px, (min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw",
} as const;

/** `sizes` of a fixed-size thumbnail (cart, orders, admin forms). */
export const fixedSize = (px: number): string => `${px}px`;

/**
 * The catalogue grid's columns (ProductGrid's SimpleGrid: 2, 3 from md, 4 from lg), as
 * `[min viewport width in px, columns]`, widest first (62em and 75em at the browser's 16 px). Its
 * first row is what a shopper sees first: only those pictures are fetched at high priority, by the
 * grid and by index.html's boot script (packages/web/vite.config.ts passes this to it), so on a
 * phone the two pictures of the first row do not share the link with the row below.
 */
export const CARD_COLUMNS: readonly (readonly [number, number])[] = [
  [1200, 4],
  [992, 3],
  [0, 2],
];

/** How many cards the grid's first row holds at a viewport width. */
export const cardsInFirstRow = (viewportWidth: number): number =>
  CARD_COLUMNS.find(([min]) => viewportWidth >= min)?.[1] ?? 2;
