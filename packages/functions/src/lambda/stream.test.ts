import { loadConfig, setConfig } from "@fruit/core/config";
import { sink } from "@fruit/core/log";
import type { DynamoDBRecord } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";

// Core's apply is replaced: an event that names no shard must not reach it at all.
const apply = vi.hoisted(() =>
  vi.fn(async () => ({ applied: 1, covered: 0, duplicates: 0, unchanged: 0 }) as const),
);
vi.mock("@fruit/core/stats", () => ({ applyChangesToStats: apply }));

// A configuration core accepts: the handler checks it first (config-guard.ts).
setConfig(loadConfig({ TABLE_NAME: "fruit-shop-unit" }));
const { handler } = await import("./stream.ts");

const userRecord = (sequenceNumber: string, id: string): DynamoDBRecord => ({
  eventID: `event-${id}`,
  eventName: "INSERT",
  eventSource: "aws:dynamodb",
  dynamodb: {
    Keys: { pk: { S: `USER#${id}` }, sk: { S: "USER" } },
    NewImage: { pk: { S: `USER#${id}` }, sk: { S: "USER" } },
    SequenceNumber: sequenceNumber,
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  apply.mockClear();
});

describe("the stream handler", () => {
  it("refuses an event that names no shard: applies nothing, fails every record from the first, logs why", async () => {
    const errors = vi.spyOn(sink, "write").mockImplementation(() => {});
    const records = [userRecord("100000000000000000007", "a"), userRecord("100000000000000000008", "b")];
    expect(await handler({ Records: records })).toEqual({
      batchItemFailures: [{ itemIdentifier: "100000000000000000007" }],
    });
    expect(apply).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toBe("error");
    const line = JSON.parse(String(errors.mock.calls[0]?.[1]));
    expect(line).toMatchObject({ level: "error", records: 2, sequenceNumber: "100000000000000000007" });
    expect(line.message).toContain("must have a tumbling window");
  });

  it("still says so for an empty event without a shard, and has nothing to fail", async () => {
    const errors = vi.spyOn(sink, "write").mockImplementation(() => {});
    expect(await handler({ Records: [] })).toEqual({ batchItemFailures: [] });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(apply).not.toHaveBeenCalled();
  });

  it("applies a tumbling-window event after its shard's checkpoint and answers an empty state", async () => {
    const response = await handler({
      Records: [userRecord("100000000000000000009", "c")],
      shardId: "shardId-test",
      eventSourceARN: "arn",
      state: {},
    });
    expect(response).toEqual({ batchItemFailures: [], state: {} });
    expect(apply).toHaveBeenCalledWith([expect.objectContaining({ eventId: "event-c", entity: "user" })], {
      maxActions: undefined,
      shardId: "shardId-test",
    });
  });

  it("fails a malformed record loudly, naming the edge and the field, and applies only the records before it", async () => {
    const errors = vi.spyOn(sink, "write").mockImplementation(() => {});
    const good = userRecord("100000000000000000010", "d");
    const bad = userRecord("100000000000000000011", "e");
    bad.dynamodb!.NewImage = { pk: { S: "USER#e" }, sk: { S: "USER" }, name: "Eve" as never };
    const response = await handler({ Records: [good, bad], shardId: "shardId-test", state: {} });
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: "100000000000000000011" }]);
    expect(apply).toHaveBeenCalledWith([expect.objectContaining({ eventId: "event-d" })], expect.anything());
    const line = JSON.parse(String(errors.mock.calls.find(([level]) => level === "error")?.[1]));
    expect(line.error).toBe(
      "ForeignDataError: stream record is malformed: dynamodb.NewImage.name: not a DynamoDB attribute value",
    );
  });
});
