import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { storageError } from "../db/errors.ts";
import { queryAll } from "../db/query.ts";
import { AppError } from "../errors.ts";
import { isId } from "../ids.ts";
import { toDollars } from "../money/pricing.ts";
import { productKeys } from "./product.keys.ts";
import type { Product, ProductDetail, ProductQuery, Review } from "./product.schema.ts";

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

const notFound = () => new AppError("not_found", "Product Not Found");

async function getItem(key: Record<string, string>): Promise<Item | undefined> {
  try {
    const result = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    return result.Item;
  } catch (error) {
    throw storageError(error);
  }
}

/**
 * Products of the catalogue, newest first, optionally of one category and/or whose name contains
 * `q` (case-insensitive plain substring match: user input is never evaluated as a pattern).
 */
export async function list(query: ProductQuery = {}): Promise<Product[]> {
  const items = query.category
    ? await queryAll({
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :pk",
        ExpressionAttributeValues: { ":pk": productKeys.categoryPartition(query.category) },
        ScanIndexForward: false,
      })
    : await queryAll({
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        ExpressionAttributeValues: { ":pk": productKeys.allPartition },
        ScanIndexForward: false,
      });
  const needle = query.q?.toLowerCase();
  const products = items.map(toProduct);
  return needle ? products.filter((product) => product.name.toLowerCase().includes(needle)) : products;
}

/** The distinct categories of the catalogue, sorted by name. */
export async function categories(): Promise<string[]> {
  const products = await list();
  return [...new Set(products.map((product) => product.category).filter(Boolean))].sort();
}

/** One product without its reviews; 404 when missing (or when the id is not one of ours). */
export async function fromId(id: string): Promise<Product> {
  if (!isId(id)) throw notFound();
  const item = await getItem(productKeys.item(id));
  if (!item) throw notFound();
  return toProduct(item);
}

/** One product with its reviews, newest first: one query over the product's partition. */
export async function detail(id: string): Promise<ProductDetail> {
  if (!isId(id)) throw notFound();
  const items = await queryAll({
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": productKeys.item(id).pk },
    ConsistentRead: true,
  });
  const productItem = items.find((item) => item.sk === "PRODUCT");
  if (!productItem) throw notFound();
  const reviews = items
    .filter((item) => typeof item.sk === "string" && item.sk.startsWith("REVIEW#"))
    .map(toReview)
    .reverse();
  return { ...toProduct(productItem), reviews };
}

/** One product with its reviews, by slug (the slug item points at the product id). */
export async function fromSlug(slug: string): Promise<ProductDetail> {
  if (slug.length === 0 || slug.length > 200) throw notFound();
  const pointer = await getItem(productKeys.slug(slug));
  if (!pointer) throw notFound();
  return detail(pointer.productId as string);
}
