import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from "@aws-sdk/client-dynamodb-streams";
import { matchesStreamFilters } from "@fruit/core/stats/counted";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";

export type { StreamRecord };

import { errorFields, log } from "@fruit/core/log";
import { dynamoClient } from "./services.ts";
import { StreamCheckpoints } from "./stream-checkpoints.ts";

/** A batch as the cloud mapping with a tumbling window sends it: it names its shard. */
export interface TumblingWindowStreamEvent extends DynamoDBStreamEvent {
  shardId: string;
  eventSourceARN: string;
  state: Record<string, unknown>;
}

/** The stream subscriber's signature (`handler` of lambda/stream.ts). */
export type StreamHandler = (
  event: TumblingWindowStreamEvent,
) => Promise<(DynamoDBBatchResponse & { state?: Record<string, unknown> }) | undefined>;

export interface StreamPollerOptions {
  /** DynamoDB Local's endpoint (the streams API is served on the same port). */
  endpoint: string;
  tableName: string;
  handler: StreamHandler;
  /** JSON file holding per-shard checkpoints; without it every start reads from the oldest record. */
  checkpointFile?: string;
  /** Pause between polls; 500 ms gets a placed order onto the dashboard well within 2 s. */
  intervalMs?: number;
  /** Lambda's default batch size for DynamoDB streams. */
  batchSize?: number;
  region?: string;
  /**
   * Which records reach the handler, like the cloud mapping's filter criteria; by default the
   * stats subscriber's (`streamFilters` of core's stats/counted.ts).
   */
  filter?: (record: StreamRecord) => boolean;
  /**
   * Shards without a checkpoint when the poller starts are read from their latest record instead of
   * their oldest (the cloud mapping's `LATEST`): for a subscriber that must not act on history, like
   * the order mails'. Shards that appear later are read from their oldest record.
   */
  fromLatest?: boolean;
  /** Reports a failed delivery or read; the poller keeps going and retries. */
  onError?: (error: unknown) => void;
}

export interface StreamPoller {
  /** Ends polling after the delivery in flight, if any. */
  stop(): Promise<void>;
}

interface ShardState {
  id: string;
  parentId: string | undefined;
  iterator: string | undefined;
  /** Filtered records read but not yet acknowledged by the handler (retried from the first failure). */
  pending: StreamRecord[];
  /** Sequence number of the last record read from the shard (delivered or filtered out). */
  lastRead: string | undefined;
  closed: boolean;
  /** Read from the latest record, not the oldest, until the first read (`fromLatest`). */
  latest: boolean;
  failures: number;
  retryAt: number;
  /** What the handler answered as `state` last (the tumbling window's state). */
  state: Record<string, unknown>;
}

const MAX_RETRY_DELAY_MS = 30_000;

/** Turns an SDK stream record into the record Lambda hands to its function (epoch-second dates). */
function toLambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...change } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? "1.1",
    eventSource: "aws:dynamodb",
    awsRegion: record.awsRegion ?? region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(change as NonNullable<DynamoDBRecord["dynamodb"]>),
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
    },
  };
}

const isStreamFilterMatch = (record: StreamRecord) => matchesStreamFilters(record.dynamodb?.Keys ?? {});

/**
 * Does locally what Lambda's event source mapping does in the cloud: reads every shard of the
 * table's stream (parents before children, new shards as they appear), drops records that fail the
 * same filters as `stacks/`, invokes the handler with a `DynamoDBStreamEvent` batch naming its shard
 * (as the cloud mapping's tumbling window does; window boundaries are not emulated) and, on
 * `batchItemFailures`, retries from the first failed record (with backoff, blocking the shard, like
 * Lambda). Delivery is at least once.
 *
 * @example
 * const poller = await startStreamPoller({ endpoint, tableName, handler, checkpointFile });
 * await poller.stop();
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const region = options.region ?? "us-east-1";
  const passesFilter = options.filter ?? isStreamFilterMatch;
  const intervalMs = options.intervalMs ?? 500;
  const batchSize = options.batchSize ?? 100;
  const onError = options.onError ?? ((error) => log("warn", "stream poller", errorFields(error)));
  const { Table } = await dynamoClient(options.endpoint).send(
    new DescribeTableCommand({ TableName: options.tableName }),
  );
  if (!Table?.LatestStreamArn) throw new Error(`table ${options.tableName} has no stream`);
  const streamArn: string = Table.LatestStreamArn;

  const streams = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const checkpoints = new StreamCheckpoints(streamArn, options.checkpointFile);
  const shards = new Map<string, ShardState>();

  async function discoverShards(): Promise<void> {
    const firstDiscovery = shards.size === 0;
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        const saved = checkpoints.get(shard.ShardId);
        shards.set(shard.ShardId, {
          id: shard.ShardId,
          parentId: shard.ParentShardId,
          iterator: undefined,
          pending: [],
          lastRead: saved.sequenceNumber,
          closed: saved.done === true,
          latest: firstDiscovery && options.fromLatest === true && !saved.sequenceNumber,
          failures: 0,
          retryAt: 0,
          state: {},
        });
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  }

  /** Lambda finishes a parent shard before reading its children, keeping per-item order. */
  const isReadable = (shard: ShardState) => {
    const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
    return !parent || (parent.closed && parent.pending.length === 0 && parent.iterator === undefined);
  };

  async function shardIterator(shard: ShardState): Promise<string | undefined> {
    const request = shard.lastRead
      ? { ShardIteratorType: "AFTER_SEQUENCE_NUMBER" as const, SequenceNumber: shard.lastRead }
      : { ShardIteratorType: shard.latest ? ("LATEST" as const) : ("TRIM_HORIZON" as const) };
    try {
      return (
        await streams.send(
          new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.id, ...request }),
        )
      ).ShardIterator;
    } catch (error) {
      if (!shard.lastRead) throw error;
      // The checkpoint fell off the stream (trimmed, or an unknown number): replay what is left.
      shard.lastRead = undefined;
      return shardIterator(shard);
    }
  }

  async function readShard(shard: ShardState): Promise<void> {
    shard.iterator ??= await shardIterator(shard);
    if (!shard.iterator) {
      shard.closed = true;
      return;
    }
    let output: GetRecordsCommandOutput;
    try {
      output = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: batchSize }));
    } catch (error) {
      // Iterators expire after 15 minutes; get a fresh one from the checkpoint next time.
      shard.iterator = undefined;
      if ((error as Error).name === "ExpiredIteratorException") return;
      throw error;
    }
    const records = output.Records ?? [];
    shard.latest = false;
    shard.iterator = output.NextShardIterator;
    if (!shard.iterator) shard.closed = true;
    shard.pending = records.filter(passesFilter);
    shard.lastRead = records.at(-1)?.dynamodb?.SequenceNumber ?? shard.lastRead;
  }

  /** Hands the pending records to the handler; returns the index of the first failed one, or -1. */
  async function deliver(shard: ShardState): Promise<number> {
    // As with the cloud mapping's tumbling window (stacks/storage.ts): the event names its shard, and
    // the state the handler answered last is handed back.
    const event: TumblingWindowStreamEvent = {
      Records: shard.pending.map((record) => toLambdaRecord(record, streamArn, region)),
      shardId: shard.id,
      eventSourceARN: streamArn,
      state: shard.state,
    };
    let response: DynamoDBBatchResponse | undefined;
    try {
      response = await options.handler(event);
    } catch (error) {
      onError(error);
      return 0;
    }
    if (response && "state" in response && response.state)
      shard.state = response.state as Record<string, unknown>;
    const failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    if (failed.size === 0) return -1;
    const index = shard.pending.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? ""));
    // An identifier that names no record of the batch fails the whole batch, as in Lambda.
    onError(new Error(`stream handler reported ${failed.size} failed record(s); retrying`));
    return index === -1 ? 0 : index;
  }

  function saveCheckpoint(shard: ShardState): void {
    checkpoints.set(shard.id, {
      ...(shard.lastRead ? { sequenceNumber: shard.lastRead } : {}),
      ...(shard.closed && !shard.iterator ? { done: true } : {}),
    });
  }

  async function pollShard(shard: ShardState): Promise<void> {
    if (shard.pending.length === 0) await readShard(shard);
    if (shard.pending.length > 0) {
      const failedAt = await deliver(shard);
      if (failedAt >= 0) {
        const before = shard.pending[failedAt - 1]?.dynamodb?.SequenceNumber;
        if (before) checkpoints.set(shard.id, { sequenceNumber: before });
        shard.pending = shard.pending.slice(failedAt);
        shard.failures += 1;
        shard.retryAt = Date.now() + Math.min(MAX_RETRY_DELAY_MS, intervalMs * 2 ** shard.failures);
        return;
      }
      shard.pending = [];
      shard.failures = 0;
    }
    saveCheckpoint(shard);
  }

  let ticks = 0;
  async function pollOnce(): Promise<void> {
    // New shards appear when DynamoDB rolls a shard over; look for them every few polls.
    if (ticks++ % 4 === 0 || shards.size === 0) await discoverShards();
    for (const shard of shards.values()) {
      if (stopped) return;
      const finished = shard.closed && !shard.iterator && shard.pending.length === 0;
      if (finished || !isReadable(shard) || Date.now() < shard.retryAt) continue;
      try {
        await pollShard(shard);
      } catch (error) {
        onError(error);
      }
    }
  }

  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      try {
        await pollOnce();
      } catch (error) {
        onError(error);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, intervalMs);
      });
    }
    streams.destroy();
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
