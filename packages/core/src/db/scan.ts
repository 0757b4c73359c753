import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "./client.ts";
import { storageError } from "./errors.ts";
import type { Item } from "./items.ts";

/** One page of a scan: its items and where the next page starts (undefined after the last). */
export interface ScanPage {
  items: Item[];
  next: Record<string, unknown> | undefined;
}

/**
 * Reads one page of the whole table, strongly consistent: each item as last committed when its page
 * is read. Only for operator jobs that must see every item of a kind whatever the indexes say (the
 * stats rebuild, docs/decisions/020-exact-rebuild.md); never on a request path.
 */
export async function scanPage(options: {
  pageSize: number;
  start?: Record<string, unknown>;
}): Promise<ScanPage> {
  try {
    const result = await db().send(
      new ScanCommand({
        TableName: tableName(),
        ConsistentRead: true,
        Limit: options.pageSize,
        ...(options.start ? { ExclusiveStartKey: options.start } : {}),
      }),
    );
    return { items: (result.Items as Item[] | undefined) ?? [], next: result.LastEvaluatedKey };
  } catch (error) {
    throw storageError(error);
  }
}
