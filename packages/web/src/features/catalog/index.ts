/**
 * The catalogue's public surface: what other features (the home page) may use. The product data
 * itself is read through resources/products.ts (docs/decisions/015-web-by-domain.md).
 */
export { ProductGrid } from "./product-grid.tsx";
