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

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `read` unless an identical read (same key) is already running, in which case its promise is
 * shared (single flight). For hot public reads under load this turns N concurrent round trips into
 * one without serving anything older than a read that started a moment earlier. Not a cache: the
 * entry is gone as soon as the read settles. Never use it where a caller must see its own write.
 */
export function singleFlight<T>(key: string, read: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = read().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

/** `queryAll` through `singleFlight` (GSI reads are eventually consistent anyway). */
export function sharedQueryAll(input: Omit<QueryCommandInput, "TableName">): Promise<Item[]> {
  return singleFlight(JSON.stringify(["query", tableName(), input]), () => queryAll(input));
}
