import { toDollars } from "../money/pricing.ts";
import type { Product, Review } from "./product.schema.ts";

type Item = Record<string, unknown>;

/** A stored product item → the API's Product (prices are stored in cents). */
export function toProduct(item: Item): Product {
  return {
    _id: item.id as string,
    slug: item.slug as string,
    name: item.name as string,
    image: (item.image as string) ?? "",
    images: (item.images as string[] | undefined) ?? [],
    price: toDollars(item.priceCents as number),
    description: (item.description as string) ?? "",
    category: (item.category as string) ?? "",
    brand: (item.brand as string) ?? "",
    countInStock: item.countInStock as number,
    rating: (item.rating as number) ?? 0,
    numReviews: (item.numReviews as number) ?? 0,
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

export function toReview(item: Item): Review {
  return {
    _id: item.id as string,
    user: item.userId as string,
    name: item.name as string,
    rating: item.rating as number,
    comment: item.comment as string,
    createdAt: item.createdAt as string,
  };
}
