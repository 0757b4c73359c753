import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { cancellationReasons, isConditionalCheckFailure, storageError } from "../db/errors.ts";
import { queryAll, sharedQueryAll, singleFlight } from "../db/query.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { toCents } from "../money/pricing.ts";
import { productKeys } from "./product.keys.ts";
import { toProduct, toReview } from "./product.mapping.ts";
import {
  PLACEHOLDER_IMAGE,
  type Product,
  type ProductDetail,
  type ProductQuery,
  type ProductUpdate,
} from "./product.schema.ts";

type Item = Record<string, unknown>;

export { toProduct, toReview } from "./product.mapping.ts";

const notFound = () => new AppError("not_found", "Product Not Found");

async function getItem(key: Record<string, string>, ConsistentRead = false): Promise<Item | undefined> {
  try {
    const result = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead }));
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
    ? await sharedQueryAll({
        IndexName: "gsi2",
        KeyConditionExpression: "gsi2pk = :pk",
        ExpressionAttributeValues: { ":pk": productKeys.categoryPartition(query.category) },
        ScanIndexForward: false,
      })
    : await sharedQueryAll({
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
export async function detail(id: string, { shared = false } = {}): Promise<ProductDetail> {
  if (!isId(id)) throw notFound();
  const input = {
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": productKeys.item(id).pk },
    ConsistentRead: true,
  };
  const items = await (shared ? sharedQueryAll(input) : queryAll(input));
  const productItem = items.find((item) => item.sk === "PRODUCT");
  if (!productItem) throw notFound();
  const reviews = items
    .filter((item) => typeof item.sk === "string" && item.sk.startsWith("REVIEW#"))
    .map(toReview)
    .reverse();
  return { ...toProduct(productItem), reviews };
}

/**
 * One product with its reviews, by slug (the slug item points at the product id). This is the public
 * product page, the hottest read after the list, so concurrent identical reads share their round
 * trips (decision 005); `GET /api/products/{id}`, which the cart's stock checks use, never does.
 */
export async function fromSlug(slug: string): Promise<ProductDetail> {
  if (slug.length === 0 || slug.length > 200) throw notFound();
  const key = productKeys.slug(slug);
  const pointer = await singleFlight(JSON.stringify(["get", tableName(), key]), () => getItem(key));
  if (!pointer) throw notFound();
  return detail(pointer.productId as string, { shared: true });
}

/** Fields a new product may start with (the seed and fixtures); the admin's "Create" sends none. */
export type ProductCreateInput = Partial<
  Omit<Product, "_id" | "rating" | "numReviews" | "createdAt" | "updatedAt">
>;

/**
 * POST /api/products (admin): a blank product the admin then edits — "sample name <n>", a unique
 * `sample-name-<id suffix>` slug, price 0, the placeholder image, category "Uncategorised", no
 * stock. The product and its slug item are written in one transaction (409 if the slug is taken).
 *
 * @example
 * const product = await create({ name: "Kiwi", slug: "kiwi", price: 3.5, countInStock: 20 });
 */
export async function create(input: ProductCreateInput = {}): Promise<Product> {
  const id = newId();
  const now = new Date().toISOString();
  const category = input.category ?? "Uncategorised";
  const item = {
    ...productKeys.item(id),
    ...productKeys.listIndex(id),
    ...productKeys.categoryIndex(category, id),
    id,
    name: input.name ?? `sample name ${Date.now()}`,
    slug: input.slug ?? `sample-name-${id.slice(-10).toLowerCase()}`,
    image: input.image ?? PLACEHOLDER_IMAGE,
    images: input.images ?? [],
    priceCents: toCents(input.price ?? 0),
    description: input.description ?? "",
    category,
    brand: input.brand ?? "",
    countInStock: input.countInStock ?? 0,
    rating: 0,
    numReviews: 0,
    ratingTotal: 0,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    { Put: { TableName: tableName(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } },
    {
      Put: {
        TableName: tableName(),
        Item: slugItem(item.slug, id),
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
  ]).catch((error) => {
    throw cancellationReasons(error)?.[1] === "ConditionalCheckFailed" ? slugTaken() : error;
  });
  return toProduct(item);
}

const slugTaken = () => new AppError("conflict", "Slug already in use");
const slugItem = (slug: string, productId: string) => ({ ...productKeys.slug(slug), productId });
type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]["TransactItems"]>;

async function transact(TransactItems: TransactItems): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems }));
  } catch (error) {
    throw cancellationReasons(error) ? error : storageError(error);
  }
}

/** ProductUpdate → the stored attributes it changes (price in cents; a category moves the gsi2 keys). */
function storedChanges(changes: ProductUpdate, id: string): Item {
  const { price, ...rest } = changes;
  const stored: Item = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (price !== undefined) stored.priceCents = toCents(price);
  if (changes.category !== undefined) Object.assign(stored, productKeys.categoryIndex(changes.category, id));
  stored.updatedAt = new Date().toISOString();
  return stored;
}

/**
 * PUT /api/products/{id} (admin): changes exactly the fields sent; rating and reviews are never
 * touched, so a review written meanwhile is kept. A new slug swaps the slug items in the same
 * transaction (409 when taken).
 */
export async function update(id: string, changes: ProductUpdate): Promise<Product> {
  if (!isId(id)) throw notFound();
  const item = await getItem(productKeys.item(id), true);
  if (!item) throw notFound();
  const stored = storedChanges(changes, id);
  const names = Object.keys(stored);
  const slugChanges = changes.slug !== undefined && changes.slug !== item.slug;
  const productUpdate = {
    TableName: tableName(),
    Key: productKeys.item(id),
    UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(", ")}`,
    ConditionExpression: "attribute_exists(pk) AND #slug = :currentSlug",
    ExpressionAttributeNames: Object.fromEntries([...names, "slug"].map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: {
      ...Object.fromEntries(names.map((name) => [`:${name}`, stored[name]])),
      ":currentSlug": item.slug,
    },
  };
  try {
    if (!slugChanges) {
      await db().send(new UpdateCommand(productUpdate));
    } else {
      await transact([
        { Update: productUpdate },
        {
          Delete: {
            TableName: tableName(),
            Key: productKeys.slug(item.slug as string),
            ConditionExpression: "attribute_not_exists(pk) OR productId = :id",
            ExpressionAttributeValues: { ":id": id },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: slugItem(changes.slug as string, id),
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
      ]);
    }
  } catch (error) {
    if (cancellationReasons(error)?.[2] === "ConditionalCheckFailed") throw slugTaken();
    if (isConditionalCheckFailure(error) || cancellationReasons(error)) {
      throw new AppError("conflict", "The product changed meanwhile, please reload it and try again");
    }
    throw storageError(error);
  }
  return fromIdConsistent(id);
}

async function fromIdConsistent(id: string): Promise<Product> {
  const item = await getItem(productKeys.item(id), true);
  if (!item) throw notFound();
  return toProduct(item);
}

/**
 * DELETE /api/products/{id} (admin): the product and its slug item in one transaction, then its
 * reviews and reviewer items (a review cannot be added once the product is gone: addReview's
 * transaction requires the product). Orders keep their own copy of the lines.
 */
export async function remove(id: string): Promise<void> {
  if (!isId(id)) throw notFound();
  const item = await getItem(productKeys.item(id), true);
  if (!item) throw notFound();
  try {
    await transact([
      {
        Delete: {
          TableName: tableName(),
          Key: productKeys.item(id),
          ConditionExpression: "slug = :slug",
          ExpressionAttributeValues: { ":slug": item.slug },
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: productKeys.slug(item.slug as string),
          ConditionExpression: "attribute_not_exists(pk) OR productId = :id",
          ExpressionAttributeValues: { ":id": id },
        },
      },
    ]);
  } catch (error) {
    if (cancellationReasons(error))
      throw new AppError("conflict", "The product changed meanwhile, please try again");
    throw error;
  }
  const rest = await queryAll({
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": productKeys.item(id).pk },
    ProjectionExpression: "pk, sk",
    ConsistentRead: true,
  });
  await deleteAll(rest.map((entry) => ({ pk: entry.pk as string, sk: entry.sk as string })));
}

/** Deletes items 25 at a time (BatchWriteItem's limit), retrying what DynamoDB leaves unprocessed. */
async function deleteAll(keys: Record<string, string>[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0 && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result = await db()
        .send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }))
        .catch((error) => {
          throw storageError(error);
        });
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}

export { adminPage } from "./admin-page.ts";
