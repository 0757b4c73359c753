import { getConfig } from "../config.ts";
import { type IndexName, table } from "../layout/table.ts";
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

/** Where a list stands: the key to read on after (undefined: from the start). */
export type Position = Record<string, string> | undefined;

/** The primary and (when reading one) index key attributes of an item: where a query resumes after it. */
/** The table index a query reads (undefined: the table itself). */
const isIndexName = (name: unknown): name is IndexName =>
  typeof name === "string" && Object.hasOwn(table.indexes, name);
const indexOf = (input: { IndexName?: string | undefined }): IndexName | undefined =>
  isIndexName(input.IndexName) ? input.IndexName : undefined;

export function positionAfter(item: Item, index?: IndexName): Record<string, string> {
  const names = [
    table.partitionKey,
    table.sortKey,
    ...(index ? [table.indexes[index].partitionKey, table.indexes[index].sortKey] : []),
  ];
  return Object.fromEntries(names.map((name) => [name, String(item[name])]));
}

/** One bounded page of a list: its items, and where the next page starts (undefined after the last). */
export interface ListPage<T> {
  items: T[];
  next: Position;
}

/**
 * At most `limit` items of a query (with its filter, if any), from `start`, and where the next page
 * starts. Reads `limit + 1` keys a round, so a full page knows whether more follow without another
 * round trip; a filter that matches rarely stops after `maxRounds` rounds with a short page and a
 * position to go on from: a request never reads a whole partition.
 */
export async function queryLimited(
  input: QueryInput,
  { limit, start, maxRounds = 8 }: { limit: number; start?: Position; maxRounds?: number },
): Promise<ListPage<Item>> {
  const index = indexOf(input);
  const items: Item[] = [];
  let position = start;
  const batch = input.FilterExpression ? Math.max(limit + 1, 100) : limit + 1;
  for (let round = 1; ; round += 1) {
    const page = await queryPage({
      ...input,
      Limit: batch,
      ...(position ? { ExclusiveStartKey: position } : {}),
    });
    for (const item of page.items) {
      // Full (never more than `limit`): its last item is where the next page starts after.
      const last = items[limit - 1];
      if (last) return { items, next: positionAfter(last, index) };
      items.push(item);
    }
    if (!page.next) return { items, next: undefined };
    position = positionAfter(page.next, index);
    if (round >= maxRounds) return { items, next: position };
  }
}

/** Positions of a list read from several shards: per shard, where it resumes, or `false` when read to its end. */
export type ShardPositions = (Record<string, string> | null | false)[];

/**
 * One page of a list spread over shards (one query per shard, same sort order: newest first by
 * `sortKey`), merged: at most `limit` items, newest first, and the positions the next page starts
 * from. Each shard is read for about twice its share of the page (items spread evenly over the
 * shards by hash), so a page costs about `2 × limit` items whatever the number of shards. A shard
 * that has more than it answered holds back every item older than where it stopped, so the order is
 * exact and every item of the shards is answered exactly once across pages; a page may hold fewer
 * than `limit` items when one shard holds most of the newest.
 */
export async function queryShardsMerged(
  inputs: readonly QueryInput[],
  { limit, start, sortKey }: { limit: number; start?: ShardPositions; sortKey: string },
): Promise<{ items: Item[]; next: ShardPositions | undefined }> {
  const index = inputs[0] && indexOf(inputs[0]);
  const positions: ShardPositions = start ?? inputs.map(() => null);
  const perShard = Math.min(limit, Math.ceil((2 * limit) / Math.max(1, inputs.length)) + 1);
  const reads = await Promise.all(
    inputs.map((input, shard) => {
      const at = positions[shard];
      return at === false ? undefined : queryLimited(input, { limit: perShard, start: at ?? undefined });
    }),
  );
  const sortOf = (item: Item) => String(item[sortKey]);
  // A shard with more to read has unread items only older than where it stopped: nothing older than
  // the youngest such stop may be answered yet.
  let cutoff = "";
  for (const read of reads)
    if (read?.next) {
      const stoppedAt = read.next[sortKey] ?? "";
      if (stoppedAt > cutoff) cutoff = stoppedAt;
    }
  const candidates = reads
    .flatMap((read, shard) => (read?.items ?? []).map((item) => ({ item, shard })))
    .filter(({ item }) => sortOf(item) >= cutoff)
    .sort((a, b) => (sortOf(a.item) < sortOf(b.item) ? 1 : sortOf(a.item) > sortOf(b.item) ? -1 : 0))
    .slice(0, limit);
  const taken = inputs.map(() => 0);
  for (const { shard } of candidates) taken[shard] = (taken[shard] ?? 0) + 1;
  const next: ShardPositions = reads.map((read, shard) => {
    if (!read) return false;
    const count = taken[shard] ?? 0;
    if (count === read.items.length) return read.next ?? false;
    const last = read.items[count - 1];
    return last ? positionAfter(last, index) : (positions[shard] ?? null);
  });
  return {
    items: candidates.map(({ item }) => item),
    next: next.every((at) => at === false) ? undefined : next,
  };
}
