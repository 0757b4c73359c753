import type { Product } from "@fruit/core/browser/products";

/** A catalogue product as the API answers it. */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: "p1",
    slug: "mango",
    name: "Honey Mangoes",
    image: "/images/seed/mango/800.webp",
    images: [],
    price: 5.99,
    unit: "kg",
    step: 1,
    description: "Silky mangoes.",
    category: "Tropical",
    brand: "Coastal Breeze",
    countInStock: 3,
    lowStockThreshold: null,
    taxClass: "standard",
    rating: 4.5,
    numReviews: 2,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}
