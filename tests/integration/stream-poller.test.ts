import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db } from "@fruit/core/internal/db/client";
import { type StreamHandler, type StreamPoller, startStreamPoller } from "@fruit/local/stream-poller";
import type { DynamoDBRecord } from "aws-lambda";
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import { useFreshTable } from "../support/table.ts";

const pollers: StreamPoller[] = [];
const scratch = mkdtempSync(join(tmpdir(), "fruit-poller-"));
afterEach(async () => {
  await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A handler that records every batch it is given and answers with `respond`. */
function recordingHandler(respond: (records: DynamoDBRecord[], call: number) => string[] = () => []) {
  const batches: DynamoDBRecord[][] = [];
  const handler: StreamHandler = async (event) => {
    batches.push(event.Records);
    const failed = respond(event.Records, batches.length);
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  };
  const keysOf = (records: DynamoDBRecord[]) =>
    records.map((r) => `${r.dynamodb?.Keys?.pk?.S}|${r.dynamodb?.Keys?.sk?.S}`);
  return { handler, batches, delivered: () => keysOf(batches.flat()), keysOf };
}

async function poll(
  tableName: string,
  handler: StreamHandler,
  options: { checkpointFile?: string; intervalMs?: number } = {},
) {
  const poller = await startStreamPoller({
    endpoint: inject("dynamoEndpoint"),
    tableName,
    handler,
    ...options,
  });
  pollers.push(poller);
  return poller;
}

const put = (tableName: string, pk: string, sk: string, extra: Record<string, unknown> = {}) =>
  db().send(new PutCommand({ TableName: tableName, Item: { pk, sk, ...extra } }));

describe("local stream poller", () => {
  it("delivers only product, user and order items, like the event source mapping's filters", async () => {
    const { tableName } = await useFreshTable("poller-filter");
    const { handler, batches, delivered } = recordingHandler();
    await poll(tableName, handler);

    await put(tableName, "PRODUCT#p1", "PRODUCT", { name: "Apple" });
    await put(tableName, "PRODUCT#p1", "REVIEW#r1", { rating: 5 });
    await put(tableName, "PRODUCT#p1", "REVIEWER#u1", { reviewId: "r1" });
    await put(tableName, "SLUG#apple", "SLUG", { productId: "p1" });
    await put(tableName, "USER#u1", "USER", { name: "Ann" });
    await put(tableName, "EMAIL#ann@example.com", "EMAIL", { userId: "u1" });
    await put(tableName, "ORDER#o1", "ORDER", { totalCents: 1200 });
    await put(tableName, "STATS", "TOTALS", { numOrders: 1 });
    await put(tableName, "SHARD#shardId-1", "CHECKPOINT", { sequenceNumber: "1".padStart(40, "0") });
    await db().send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: "ORDER#o1", sk: "ORDER" },
        UpdateExpression: "SET isPaid = :t",
        ExpressionAttributeValues: { ":t": true },
      }),
    );
    await db().send(new DeleteCommand({ TableName: tableName, Key: { pk: "PRODUCT#p1", sk: "PRODUCT" } }));

    await vi.waitFor(() => expect(delivered()).toHaveLength(5), { timeout: 10_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1200)); // nothing else may trickle in
    expect(delivered()).toEqual([
      "PRODUCT#p1|PRODUCT",
      "USER#u1|USER",
      "ORDER#o1|ORDER",
      "ORDER#o1|ORDER",
      "PRODUCT#p1|PRODUCT",
    ]);
    const records = batches.flat();
    expect(records.map((record) => record.eventName)).toEqual([
      "INSERT",
      "INSERT",
      "INSERT",
      "MODIFY",
      "REMOVE",
    ]);
    const modify = records[3]!;
    expect(modify.eventSource).toBe("aws:dynamodb");
    expect(modify.eventSourceARN).toMatch(/^arn:aws:dynamodb:.*:table\/.+\/stream\//);
    expect(modify.eventID).toBeTruthy();
    expect(modify.dynamodb?.SequenceNumber).toBeTruthy();
    expect(modify.dynamodb?.OldImage?.isPaid).toBeUndefined();
    expect(modify.dynamodb?.NewImage?.isPaid).toEqual({ BOOL: true });
    expect(typeof modify.dynamodb?.ApproximateCreationDateTime).toBe("number");
    expect(records[4]!.dynamodb?.OldImage?.name).toEqual({ S: "Apple" });
  });

  it("gets a new order to the handler after its write, each pause the default 500 ms", async () => {
    const { tableName } = await useFreshTable("poller-latency");
    const { handler, delivered } = recordingHandler();
    // The poller's pauses between polls are held here instead of elapsing: the test wakes them.
    const pauses: { ms: number | undefined; wake: () => void }[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      callback: (...args: unknown[]) => void,
      ms?: number,
      ...args: unknown[]
    ) => {
      const caller = (new Error().stack ?? "")
        .split("\n")
        .slice(1)
        .find((frame) => !frame.includes("stream-poller.test.ts") && !frame.includes("@vitest/spy"));
      if (!caller?.includes("/stream-poller.ts")) return realSetTimeout(callback, ms, ...args);
      pauses.push({ ms, wake: () => callback(...args) });
      return realSetTimeout(() => {}, 0);
    }) as unknown as typeof setTimeout);
    try {
      await poll(tableName, handler);
      // The first poll found nothing: the poller pauses, for the default interval.
      await vi.waitFor(() => expect(pauses).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(pauses[0]!.ms).toBe(500);
      await put(tableName, "ORDER#o9", "ORDER", { totalCents: 500 });
      // The pause ends: the next poll delivers the order. DynamoDB Local may show a stream record a
      // moment after the write, so a poll that still found nothing pauses again (for the same
      // default interval), and that pause is woken too; nothing else ever ends a pause here.
      let woken = 0;
      await vi.waitFor(
        () => {
          while (woken < pauses.length) pauses[woken++]!.wake();
          expect(delivered()).toEqual(["ORDER#o9|ORDER"]);
        },
        { timeout: 20_000, interval: 20 },
      );
      expect(pauses.every((pause) => pause.ms === 500)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("retries from the first failed record after batchItemFailures", async () => {
    const { tableName } = await useFreshTable("poller-retry");
    for (const id of ["a", "b", "c"]) await put(tableName, `ORDER#${id}`, "ORDER");
    // The first call fails record b: Lambda restarts the batch from b, so a is not redelivered.
    const { handler, batches, keysOf } = recordingHandler((records, call) =>
      call === 1 ? [records[1]!.dynamodb!.SequenceNumber!] : [],
    );
    await poll(tableName, handler, { intervalMs: 100 });

    await vi.waitFor(() => expect(batches).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(keysOf(batches[0]!)).toEqual(["ORDER#a|ORDER", "ORDER#b|ORDER", "ORDER#c|ORDER"]);
    expect(keysOf(batches[1]!)).toEqual(["ORDER#b|ORDER", "ORDER#c|ORDER"]);
  });

  it("redelivers the whole batch when the handler throws", async () => {
    const { tableName } = await useFreshTable("poller-throw");
    await put(tableName, "USER#u1", "USER");
    let calls = 0;
    const seen: string[][] = [];
    await poll(
      tableName,
      async (event) => {
        calls += 1;
        seen.push(event.Records.map((record) => record.eventID ?? ""));
        if (calls === 1) throw new Error("storage unavailable");
        return { batchItemFailures: [] };
      },
      { intervalMs: 100 },
    );
    await vi.waitFor(() => expect(calls).toBe(2), { timeout: 10_000, interval: 50 });
    expect(seen[1]).toEqual(seen[0]);
  });

  it("names the shard in every event and hands back the state the handler answered, like a tumbling window", async () => {
    const { tableName } = await useFreshTable("poller-shard");
    const events: { shardId: string; eventSourceARN: string; state: Record<string, unknown> }[] = [];
    await poll(
      tableName,
      async (event) => {
        events.push({ shardId: event.shardId, eventSourceARN: event.eventSourceARN, state: event.state });
        return { batchItemFailures: [], state: { seen: events.length } };
      },
      { intervalMs: 100 },
    );
    await put(tableName, "USER#u1", "USER");
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    await put(tableName, "USER#u2", "USER");
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(1), { timeout: 10_000, interval: 50 });
    expect(events[0]?.shardId).toMatch(/^shardId-/);
    expect(events[0]?.eventSourceARN).toMatch(/:table\/.+\/stream\//);
    expect(events[0]?.state).toEqual({});
    expect(events[1]?.shardId).toBe(events[0]?.shardId);
    expect(events[1]?.state).toEqual({ seen: 1 });
  });

  it("resumes after its checkpoint on restart instead of replaying the stream", async () => {
    const { tableName } = await useFreshTable("poller-resume");
    const checkpointFile = join(scratch, "resume.json");
    const first = recordingHandler();
    const poller = await poll(tableName, first.handler, { checkpointFile, intervalMs: 100 });
    await put(tableName, "PRODUCT#p1", "PRODUCT");
    await vi.waitFor(() => expect(first.delivered()).toEqual(["PRODUCT#p1|PRODUCT"]), { timeout: 10_000 });
    await poller.stop();

    await put(tableName, "PRODUCT#p2", "PRODUCT");
    const second = recordingHandler();
    await poll(tableName, second.handler, { checkpointFile, intervalMs: 100 });
    await vi.waitFor(() => expect(second.delivered()).toContain("PRODUCT#p2|PRODUCT"), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(second.delivered()).toEqual(["PRODUCT#p2|PRODUCT"]);
  });
});
