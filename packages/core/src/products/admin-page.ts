import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { storageError } from "../db/errors.ts";
import { productKeys } from "./product.keys.ts";
import { toProduct } from "./product.mapping.ts";
import type { AdminPageQuery, Product, ProductPage } from "./product.schema.ts";

type Item = Record<string, unknown>;

const ALL_PRODUCTS = {
  IndexName: "gsi1",
  KeyConditionExpression: "gsi1pk = :pk",
  ExpressionAttributeValues: { ":pk": productKeys.allPartition },
  ScanIndexForward: false,
} as const;

async function query(input: Omit<QueryCommandInput, "TableName">) {
  try {
    return await db().send(new QueryCommand({ TableName: tableName(), ...ALL_PRODUCTS, ...input }));
  } catch (error) {
    throw storageError(error);
  }
}

/**
 * GET /api/products/admin: one page of the catalogue, newest first, with the total count
 * (`Select: COUNT`). DynamoDB has no offset, so earlier pages are skipped reading keys only.
 */
export async function adminPage(input: AdminPageQuery = {}): Promise<ProductPage> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 10;
  let countProducts = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await query({ Select: "COUNT", ExclusiveStartKey: start });
    countProducts += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  const pages = Math.max(1, Math.ceil(countProducts / pageSize));
  const products: Product[] = [];
  let toSkip = (page - 1) * pageSize;
  let more = toSkip < countProducts;
  while (more && toSkip > 0) {
    const result = await query({
      Limit: toSkip,
      ProjectionExpression: "pk, sk, gsi1pk, gsi1sk",
      ExclusiveStartKey: start,
    });
    toSkip -= result.Count ?? 0;
    start = result.LastEvaluatedKey;
    more = start !== undefined;
  }
  while (more && products.length < pageSize) {
    const result = await query({ Limit: pageSize - products.length, ExclusiveStartKey: start });
    products.push(...((result.Items ?? []) as Item[]).map(toProduct));
    start = result.LastEvaluatedKey;
    more = start !== undefined;
  }
  return { products, countProducts, page, pages };
}
