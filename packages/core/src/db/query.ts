import { paginateQuery, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
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

const inFlight = new Map<string, Promise<Item[]>>();

/**
 * `queryAll`, but identical queries already running share one round trip (single flight). For hot
 * public reads (the catalogue list under load) this turns N concurrent queries into one without
 * serving anything older than a read that started a moment earlier — weaker than nothing the GSI
 * already promises, since GSI reads are eventually consistent anyway. Not a cache: the entry is gone
 * as soon as the query settles.
 */
export function sharedQueryAll(input: Omit<QueryCommandInput, "TableName">): Promise<Item[]> {
  const key = JSON.stringify([tableName(), input]);
  const running = inFlight.get(key);
  if (running) return running;
  const query = queryAll(input).finally(() => inFlight.delete(key));
  inFlight.set(key, query);
  return query;
}
