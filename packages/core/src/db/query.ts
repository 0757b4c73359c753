import { type QueryCommandInput, paginateQuery } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";
import { storageError } from "./errors.ts";

type Item = Record<string, unknown>;

/** Runs a query over every page and returns all items (for bounded partitions only). */
export async function queryAll(input: Omit<QueryCommandInput, "TableName">): Promise<Item[]> {
  const items: Item[] = [];
  try {
    for await (const page of paginateQuery({ client: db() }, { TableName: tableName(), ...input })) {
      items.push(...((page.Items as Item[] | undefined) ?? []));
    }
  } catch (error) {
    throw storageError(error);
  }
  return items;
}
