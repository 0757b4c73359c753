import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { holdKind, orderKind } from "@fruit/core/internal/orders/order.records";
import { sink } from "@fruit/core/log";
import { handler as streamHandler } from "@fruit/functions/lambda/stream";
import { handler as sweepHandler } from "@fruit/functions/lambda/sweeper";
import type { AttributeValue, DynamoDBRecord } from "aws-lambda";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createProduct, createUser } from "../support/fixtures.ts";
import { orderBody, orderOfAnswer, place, storedOrder } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * One request id followed from the API through the stream and the sweep (packages/core/src/log.ts):
 * the API request's id is stamped on the order it writes (`reqId`, core's db/kind.ts), the stream
 * handler's line for the batch carrying that write names it (`causedBy`), and the sweep run that
 * cancels the order stamps its own id, which the stream's next line names in turn.
 */
beforeAll(async () => {
  await useFreshTable("trace");
});

let lines: Record<string, unknown>[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  lines = [];
});
const capture = () =>
  vi.spyOn(sink, "write").mockImplementation((_level, line) => void lines.push(JSON.parse(line)));

/** The stream record of `item` as Lambda delivers it (a MODIFY when `old` is given). */
function recordOf(
  item: Record<string, unknown>,
  sequence: string,
  old?: Record<string, unknown>,
): DynamoDBRecord {
  const image = (value: Record<string, unknown>) =>
    marshall(value, { removeUndefinedValues: true }) as Record<string, AttributeValue>;
  return {
    eventID: `trace-${sequence}`,
    eventName: old ? "MODIFY" : "INSERT",
    eventSource: "aws:dynamodb",
    dynamodb: {
      Keys: image({ pk: item.pk, sk: item.sk }),
      NewImage: image(item),
      ...(old ? { OldImage: image(old) } : {}),
      SequenceNumber: sequence,
    },
  };
}

describe("one request id from the API through the stream and the sweep", () => {
  it("stamps the API request's id on its order, and the stream's batch line names it", async () => {
    capture();
    const product = await createProduct({ name: "Traced Tangerine", price: 2, countInStock: 5 });
    const res = await place(await createUser(), orderBody([{ product, quantity: 1 }]));
    expect(res.status).toBe(201);
    const requestId = res.headers.get("x-request-id")!;
    expect(requestId).toMatch(/[0-9a-f-]{36}/);
    const order = await orderOfAnswer(res);
    const placed = await storedOrder(order._id);
    expect(placed.reqId).toBe(requestId);

    const shardId = `shardId-trace-${order._id}`;
    expect(
      await streamHandler(
        { Records: [recordOf(placed, "100000000000000000001")], shardId, state: {} },
        {
          awsRequestId: "stream-run-1",
        },
      ),
    ).toEqual({ batchItemFailures: [], state: {} });
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: "stream batch applied",
        requestId: "stream-run-1",
        causedBy: [requestId],
      }),
    );

    // The hold runs out; the sweep run cancels the order and stamps its own id on it.
    const past = new Date(Date.now() - 60_000).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKind.key(order._id),
        UpdateExpression: "SET holdUntil = :past",
        ExpressionAttributeValues: { ":past": past },
      }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: holdKind.key(order._id),
        UpdateExpression: "SET holdUntil = :past, gsi2sk = :sk",
        ExpressionAttributeValues: {
          ":past": past,
          ":sk": holdKind.item({ orderId: order._id, holdUntil: past }).gsi2sk,
        },
      }),
    );
    const report = await sweepHandler(
      {},
      { awsRequestId: "sweep-run-1", getRemainingTimeInMillis: () => 60_000 },
    );
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: "unpaid order expired", requestId: "sweep-run-1", id: order._id }),
    );
    const cancelled = await storedOrder(order._id);
    expect(cancelled.isCancelled).toBe(true);
    expect(cancelled.reqId).toBe("sweep-run-1");

    await streamHandler(
      { Records: [recordOf(cancelled, "100000000000000000002", placed)], shardId, state: {} },
      { awsRequestId: "stream-run-2" },
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: "stream batch applied",
        requestId: "stream-run-2",
        causedBy: ["sweep-run-1"],
      }),
    );
  });
});
