import { paginateQuery, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";
import { storageError } from "./errors.ts";
import type { Item } from "./items.ts";
import type { QueryInput } from "./key-conditions.ts";
import { singleFlight } from "./single-flight.ts";

export type { QueryInput } from "./key-conditions.ts";

/** Runs a query over every page and returns all items (for bounded partitions only). */
export async function queryAll(input: QueryInput): Promise<Item[]> {
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

/** One page of a query: its items (or only their count with `Select: "COUNT"`) and where the next starts. */
export interface QueryPage {
  items: Item[];
  count: number;
  next: Record<string, unknown> | undefined;
}

/** Runs one page of a query (`Limit`, `ExclusiveStartKey` and `Select` in `input`). */
export async function queryPage(input: QueryInput): Promise<QueryPage> {
  try {
    const result = await db().send(new QueryCommand({ TableName: tableName(), ...input }));
    return {
      items: (result.Items as Item[] | undefined) ?? [],
      count: result.Count ?? 0,
      next: result.LastEvaluatedKey,
    };
  } catch (error) {
    throw storageError(error);
  }
}

/** `queryAll` through `singleFlight` (GSI reads are eventually consistent anyway). */
export function sharedQueryAll(input: QueryInput): Promise<Item[]> {
  return singleFlight(JSON.stringify(["query", tableName(), input]), () => queryAll(input));
}
