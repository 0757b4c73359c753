import type { Product } from "@fruit/core/products/product.schema";
import { SimpleGrid } from "@mantine/core";
import { ProductCard } from "./product-card.tsx";

/** Cards in 1-4 columns; the first row loads eagerly (likely above the fold), the rest lazily. */
export function ProductGrid({ products, eagerCount = 0 }: { products: Product[]; eagerCount?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing={{ base: "sm", sm: "lg" }}>
      {products.map((product, index) => (
        <ProductCard key={product._id} product={product} eager={index < eagerCount} />
      ))}
    </SimpleGrid>
  );
}
