import { getConfig } from "../config.ts";
import { storageError } from "./errors.ts";
import type { Item } from "./items.ts";
import type { QueryInput } from "./key-conditions.ts";
import { readQueryPage } from "./read-client.ts";
import { singleFlight } from "./single-flight.ts";

export type { QueryInput } from "./key-conditions.ts";

/** Runs a query over every page and returns all items (for bounded partitions only). */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  let start = input.ExclusiveStartKey;
  do {
    const page = await queryPage({ ...input, ExclusiveStartKey: start });
    items.push(...page.items);
    start = page.next;
  } while (start);
  return items;
}

/** One page of a query: its items (or only their count with `Select: "COUNT"`) and where the next starts. */
export interface QueryPage {
  items: Item[];
  count: number;
  next: Record<string, unknown> | undefined;
}

/** Runs one page of a query (`Limit`, `ExclusiveStartKey` and `Select` in `input`), over db/read-client.ts. */
export async function queryPage(input: QueryInput): Promise<QueryPage> {
  try {
    const { ExclusiveStartKey, ...rest } = input;
    return await readQueryPage({
      TableName: getConfig().tableName,
      ...rest,
      ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}),
    });
  } catch (error) {
    throw storageError(error);
  }
}

/** `queryAll` through `singleFlight` (GSI reads are eventually consistent anyway). */
export function sharedQueryAll(input: QueryInput): Promise<Item[]> {
  return singleFlight(JSON.stringify(["query", getConfig().tableName, input]), () => queryAll(input));
}
