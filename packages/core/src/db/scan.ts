import { getConfig } from "../config.ts";
import { storageError } from "./errors.ts";
import type { Item } from "./items.ts";
import { loadSdk } from "./sdk.ts";

/** One page of a scan: its items and where the next page starts (undefined after the last). */
export interface ScanPage {
  items: Item[];
  next: Record<string, unknown> | undefined;
}

/**
 * Reads one page of the whole table, strongly consistent: each item as last committed when its page
 * is read. Only for operator jobs that must see every item of a kind whatever the indexes say (the
 * stats rebuild, docs/decisions/020-exact-rebuild.md); never on a request path, so it goes through
 * the SDK (db/sdk.ts), not db/read-client.ts.
 */
export async function scanPage(options: {
  pageSize: number;
  start?: Record<string, unknown>;
}): Promise<ScanPage> {
  const { db, ScanCommand } = await loadSdk();
  try {
    const result = await db().send(
      new ScanCommand({
        TableName: getConfig().tableName,
        ConsistentRead: true,
        Limit: options.pageSize,
        ...(options.start ? { ExclusiveStartKey: options.start } : {}),
      }),
    );
    return { items: result.Items ?? [], next: result.LastEvaluatedKey };
  } catch (error) {
    throw storageError(error);
  }
}
