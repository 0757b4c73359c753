/**
 * The CSS width each screen displays a stored image at (a `<picture>`'s `sizes`), per Mantine
 * breakpoint (md = 62em, lg = 75em). The browser picks the variant from it (components/picture.tsx);
 * index.html's boot script preloads the same variant with the same value (packages/web/vite.config.ts
 * passes these to it), so a preload is never a second download.
 */
export const IMAGE_SIZES = {
  /**
   * Catalogue cards, as wide as they are drawn: 2 columns on a phone, 3 from md, 4 from lg, at most
   * 305 px (the xl container, 1320 px). The pixels subtracted are the container's padding (2 × 16)
   * and the gaps between columns (12 px on a phone, 20 from sm), plus the cards' borders. A 412 px
   * phone at 1.75x needs 319 px: the 320 variant, not the 480 a rougher `48vw` would ask for.
   * tests/e2e/storefront.e2e.ts checks the picked variant against the drawn size.
   */
  card: "(min-width: 82.5em) 305px, (min-width: 75em) calc((100vw - 100px) / 4), (min-width: 62em) calc((100vw - 78px) / 3), (min-width: 48em) calc((100vw - 56px) / 2), calc((100vw - 48px) / 2)",
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
