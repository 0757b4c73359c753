import { asFunction } from "@fruit/core/access";
import { readStreamRecord } from "@fruit/core/db/stream-record";
import { log, withRequestId } from "@fruit/core/log";
import { applyChangesToStats, type StreamChange } from "@fruit/core/stats";
import { countedEntityOf } from "@fruit/core/stats/counted";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { guardedConfig } from "./config-guard.ts";

/**
 * The change one record describes to the aggregates, or undefined for a record that cannot move a
 * counter (this file only routes). Records of other items (reviews, checkpoints, the
 * aggregates) are ignored: the event source mapping filters them out in the cloud, but a record that
 * slips through must not count.
 */
export function streamChangeOf(record: DynamoDBRecord): StreamChange | undefined {
  // Parsed by name first (core's db/stream-record.ts): a malformed record fails here, naming its field.
  const { eventId, eventName, sequenceNumber, keys, before, after } = readStreamRecord(record);
  const entity = countedEntityOf(keys);
  if (!record.dynamodb || !entity || !eventId) return undefined;
  switch (eventName) {
    case "INSERT":
      return { eventId, sequenceNumber, entity, after };
    case "REMOVE":
      return { eventId, sequenceNumber, entity, before };
    case "MODIFY":
      // A product's category and an order's cancellation move counts; a user's existence never changes
      // on MODIFY, nor an order's total or date (orders are paid, delivered or cancelled, not repriced).
      if (entity === "user") return undefined;
      return { eventId, sequenceNumber, entity, before, after };
    default:
      return undefined;
  }
}

/**
 * The request that wrote a record's item (core's REQUEST_ID attribute, `reqId`): the API request,
 * stream batch or sweep run whose log lines tell why. A removal names the last writer before it.
 */
export function causedBy(record: DynamoDBRecord): string | undefined {
  const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  const id = image?.reqId?.S;
  return typeof id === "string" && id !== "" ? id : undefined;
}

function logFailure(record: DynamoDBRecord, error: unknown): void {
  log("error", "stream record failed; the batch is retried from it", {
    eventID: record.eventID,
    causedBy: causedBy(record),
    sequenceNumber: record.dynamodb?.SequenceNumber,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}

/**
 * Applies a batch of shard `shardId` to the aggregates with core's per-batch transactions
 * (docs/decisions/016-stream-batches.md) and reports the first record not applied: with
 * `ReportBatchItemFailures` the stream redelivers from there, so it and the records after it are
 * retried, and the ones before (committed) are not; a redelivered record that was committed anyway
 * is skipped by the shard's checkpoint. `decode` is replaceable so tests can inject a failure at one
 * record, and `maxActions` makes small batches span several transactions.
 */
export async function applyStreamRecords(
  records: readonly DynamoDBRecord[],
  options: {
    shardId: string;
    decode?: (record: DynamoDBRecord) => StreamChange | undefined;
    maxActions?: number;
  },
): Promise<DynamoDBBatchResponse> {
  const decode = options.decode ?? streamChangeOf;
  const changes: StreamChange[] = [];
  const recordOf: DynamoDBRecord[] = [];
  let failure: { record: DynamoDBRecord; error: unknown } | undefined;
  for (const record of records) {
    try {
      const change = decode(record);
      if (change) {
        changes.push(change);
        recordOf.push(record);
      }
    } catch (error) {
      failure = { record, error };
      break;
    }
  }
  const outcome = await applyChangesToStats(changes, {
    maxActions: options.maxActions,
    shardId: options.shardId,
  });
  if (outcome.failed) failure = { record: recordOf[outcome.failed.index]!, error: outcome.failed.error };
  if (!failure) {
    // One line per batch: which requests' writes it carried, so each one can be followed here.
    log("info", "stream batch applied", {
      shardId: options.shardId,
      records: records.length,
      counted: changes.length,
      causedBy: [...new Set(records.map(causedBy).filter((id) => id !== undefined))],
    });
    return { batchItemFailures: [] };
  }
  logFailure(failure.record, failure.error);
  return { batchItemFailures: [{ itemIdentifier: failure.record.dynamodb?.SequenceNumber ?? "" }] };
}

/**
 * What the event source mapping sends with a tumbling window (stacks/storage.ts): the batch plus the
 * shard it comes from and a state carried between invocations. A mapping without a tumbling window
 * sends neither, and the handler refuses its batches (see `handler`).
 */
export interface StatsStreamEvent extends DynamoDBStreamEvent {
  shardId?: string;
  eventSourceARN?: string;
  state?: Record<string, unknown>;
  window?: { start: string; end: string };
  isFinalInvokeForWindow?: boolean;
  isWindowTerminatedEarly?: boolean;
}

/** The answer with a window's state: Lambda counts an answer without `state` as a failed invocation. */
export interface StatsStreamResponse extends DynamoDBBatchResponse {
  state?: Record<string, unknown>;
}

/**
 * An event that names no shard comes from a mapping without a tumbling window: without a shard there
 * is no checkpoint, so nothing could tell a redelivered record from a new one. Nothing is applied;
 * every record is answered as failed (from the first one), so Lambda retries the batch and, once
 * the retries are spent, sends it to the dead-letter queue, where `npm run stats:rebuild` can make
 * up for it once the mapping is fixed.
 */
function refuseUnnamedShard(records: readonly DynamoDBRecord[]): StatsStreamResponse {
  const first = records[0];
  log(
    "error",
    "stream event names no shard: the event source mapping must have a tumbling window " +
      "(tumblingWindowInSeconds, stacks/storage.ts); nothing was applied and every record is reported failed",
    { records: records.length, sequenceNumber: first?.dynamodb?.SequenceNumber },
  );
  return { batchItemFailures: first ? [{ itemIdentifier: first.dynamodb?.SequenceNumber ?? "" }] : [] };
}

/**
 * The stream subscriber: keeps the dashboard aggregates (docs/architecture.md, 'The stream path';
 * docs/data-model.md, patterns 19 and 22).
 * A tumbling-window event names its shard, so the batch is applied after that shard's checkpoint;
 * the window's state is not used (the aggregates live in the table) and is answered back empty. An
 * event without a shard id (a mis-configured mapping) counts nothing: see `refuseUnnamedShard`.
 */
export async function handler(
  event: StatsStreamEvent,
  context?: { awsRequestId?: string },
): Promise<StatsStreamResponse> {
  return withRequestId(context?.awsRequestId ?? "", () =>
    asFunction("StatsSubscriber", async () => {
      guardedConfig("StatsSubscriber");
      if (!event.shardId) return refuseUnnamedShard(event.Records ?? []);
      const response = await applyStreamRecords(event.Records ?? [], { shardId: event.shardId });
      return { ...response, state: {} };
    }),
  );
}
