import type { QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { type IndexName, table } from "../layout/table.ts";

/**
 * Key conditions and key projections built from the table definition (layout/table.ts): entity code
 * names partitions (`ORDERS`, `PRODUCT#<id>`), never the key attributes. Pure: no client, no I/O.
 */

/** A query without the table name (added when it runs). */
export type QueryInput = Omit<QueryCommandInput, "TableName">;

/** Where a query reads: one partition of the table or of an index, optionally a sort key range. */
export interface PartitionQuery {
  /** The partition key value (`PRODUCT#<id>`, `ORDERS`, …). */
  pk: string;
  /** Read an index instead of the table. */
  index?: IndexName;
  /** Only sort keys starting with this. */
  skBeginsWith?: string;
  /** Only sort keys before this one (text order). */
  skBefore?: string;
  /** Only sort keys from this one on, itself included (text order). */
  skFrom?: string;
  /** Newest first (ids are ULIDs, so descending sort keys are newest first). */
  descending?: boolean;
}

/**
 * The key condition of a query over one partition, from the table definition (layout/table.ts): entity
 * code names the partition, never the attributes.
 *
 * @example
 * queryAll(inPartition({ pk: "ORDERS", index: "gsi1", descending: true }))
 */
export function inPartition(query: PartitionQuery): QueryInput {
  const keys = query.index ? table.indexes[query.index] : table;
  const sortCondition =
    query.skBeginsWith !== undefined
      ? ` AND begins_with(${keys.sortKey}, :sk)`
      : query.skBefore !== undefined
        ? ` AND ${keys.sortKey} < :sk`
        : query.skFrom !== undefined
          ? ` AND ${keys.sortKey} >= :sk`
          : "";
  const sk = query.skBeginsWith ?? query.skBefore ?? query.skFrom;
  return {
    ...(query.index ? { IndexName: query.index } : {}),
    KeyConditionExpression: `${keys.partitionKey} = :pk${sortCondition}`,
    ExpressionAttributeValues: { ":pk": query.pk, ...(sk === undefined ? {} : { ":sk": sk }) },
    ...(query.descending ? { ScanIndexForward: false } : {}),
  };
}

/**
 * A projection of the key attributes only: the table's, and the index's when reading one (a query of
 * an index needs them to continue from its last key).
 */
export const keysOnly = (index?: IndexName): string =>
  [
    table.partitionKey,
    table.sortKey,
    ...(index ? [table.indexes[index].partitionKey, table.indexes[index].sortKey] : []),
  ].join(", ");
