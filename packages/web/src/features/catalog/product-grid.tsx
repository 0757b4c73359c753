import type { Product } from "@fruit/core/browser/products";
import { SimpleGrid } from "@mantine/core";
import { type ReactNode, useDeferredValue } from "react";
import { cardsInFirstRow } from "../../components/image-sizes.ts";
import { ProductCard } from "./product-card.tsx";

/** Cards drawn in the first pass: the first row on a laptop, two rows on a phone. */
const FIRST_PASS = 4;

/**
 * Cards in 2-4 columns (CARD_COLUMNS); with `eagerFirstRow` the first row loads its pictures eagerly
 * and at high priority (above the fold), the rest lazily. When the grid first mounts, the cards past
 * the first screen are rendered in a second, interruptible pass (a deferred value that starts false),
 * so a slow phone paints the top of the list without one long task for all ~30 cards. Later lists (a
 * filter) render whole. `footer` (the Load more block) comes with the second pass: drawn under the
 * first row, it would be pushed down the screen when the other cards arrive (a layout shift).
 */
export function ProductGrid({
  products,
  eagerFirstRow = false,
  footer,
}: {
  products: Product[];
  eagerFirstRow?: boolean;
  footer?: ReactNode;
}) {
  const all = useDeferredValue(true, false);
  const eagerCount = eagerFirstRow ? cardsInFirstRow(window.innerWidth) : 0;
  const shown = all ? products : products.slice(0, FIRST_PASS);
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing={{ base: "sm", sm: "lg" }}>
        {shown.map((product, index) => (
          <ProductCard key={product._id} product={product} eager={index < eagerCount} />
        ))}
      </SimpleGrid>
      {all && footer}
    </>
  );
}
