import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { queryPage } from "./query.ts";
import { DynamoReadError, readItem, readQueryPage } from "./read-client.ts";

/** A stand-in DynamoDB endpoint: records each request and answers from `replies`, in turn. */
interface Seen {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}
let seen: Seen[] = [];
let replies: { status: number; body: unknown }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      seen.push({ headers: request.headers, body: JSON.parse(text) });
      const reply = replies.shift() ?? { status: 200, body: {} };
      response.writeHead(reply.status, { "content-type": "application/x-amz-json-1.0" });
      response.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  setConfig(
    loadConfig({
      TABLE_NAME: "read-client-test",
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
      JWT_SECRET: "read-client-test-secret-read-client-test-0",
      PAYMENTS: "test",
    }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  replies = [];
});

const error = (type: string, message: string) => ({
  __type: `com.amazonaws.dynamodb.v20120810#${type}`,
  message,
});

describe("reads over DynamoDB's JSON protocol", () => {
  it("sends a signed Query with native values in DynamoDB JSON and answers native items", async () => {
    replies = [
      {
        status: 200,
        body: {
          Items: [
            { pk: { S: "PRODUCT#1" }, price: { N: "250" }, tags: { L: [{ S: "red" }] }, ok: { BOOL: true } },
          ],
          Count: 1,
          LastEvaluatedKey: { pk: { S: "PRODUCT#1" }, sk: { S: "PRODUCT" } },
        },
      },
    ];
    const page = await readQueryPage({
      TableName: "read-client-test",
      IndexName: "gsi1",
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "gsi1pk" },
      ExpressionAttributeValues: { ":pk": "PRODUCTS", ":gone": undefined },
      ExclusiveStartKey: { pk: "PRODUCT#0", sk: "PRODUCT" },
      Limit: 2,
    });
    expect(page).toEqual({
      items: [{ pk: "PRODUCT#1", price: 250, tags: ["red"], ok: true }],
      count: 1,
      next: { pk: "PRODUCT#1", sk: "PRODUCT" },
    });
    const [request] = seen;
    expect(request?.headers["x-amz-target"]).toBe("DynamoDB_20120810.Query");
    expect(request?.headers["content-type"]).toBe("application/x-amz-json-1.0");
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=[^,]*x-amz-target[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.body).toEqual({
      TableName: "read-client-test",
      IndexName: "gsi1",
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "gsi1pk" },
      ExpressionAttributeValues: { ":pk": { S: "PRODUCTS" } },
      ExclusiveStartKey: { pk: { S: "PRODUCT#0" }, sk: { S: "PRODUCT" } },
      Limit: 2,
    });
  });

  it("reads one item by key, undefined when DynamoDB has none", async () => {
    replies = [
      { status: 200, body: { Item: { pk: { S: "USER#1" }, n: { N: "1.5" } } } },
      { status: 200, body: {} },
    ];
    expect(await readItem("read-client-test", { pk: "USER#1", sk: "USER" }, true)).toEqual({
      pk: "USER#1",
      n: 1.5,
    });
    expect(await readItem("read-client-test", { pk: "USER#2", sk: "USER" }, false)).toBeUndefined();
    expect(seen.map((request) => request.body)).toEqual([
      {
        TableName: "read-client-test",
        Key: { pk: { S: "USER#1" }, sk: { S: "USER" } },
        ConsistentRead: true,
      },
      {
        TableName: "read-client-test",
        Key: { pk: { S: "USER#2" }, sk: { S: "USER" } },
        ConsistentRead: false,
      },
    ]);
  });

  it("tries a throttled or failed read again, three attempts in all", async () => {
    replies = [
      { status: 400, body: error("ThrottlingException", "slow down") },
      { status: 500, body: {} },
      { status: 200, body: { Item: { pk: { S: "A" } } } },
    ];
    expect(await readItem("read-client-test", { pk: "A", sk: "A" }, true)).toEqual({ pk: "A" });
    expect(seen).toHaveLength(3);

    seen = [];
    replies = [0, 1, 2, 3].map(() => ({
      status: 400,
      body: error("ProvisionedThroughputExceededException", "busy"),
    }));
    const failure = await readItem("read-client-test", { pk: "A", sk: "A" }, true).catch(
      (thrown: unknown) => thrown,
    );
    expect(failure).toBeInstanceOf(DynamoReadError);
    expect(failure).toMatchObject({ name: "ProvisionedThroughputExceededException", statusCode: 400 });
    expect(seen).toHaveLength(3);
  });

  it("treats a reply that is not JSON as a failure: a 5xx one is retried, a 2xx one is not", async () => {
    replies = [
      { status: 502, body: "<html>Bad Gateway</html>" },
      { status: 200, body: { Item: { pk: { S: "A" } } } },
    ];
    expect(await readItem("read-client-test", { pk: "A", sk: "A" }, true)).toEqual({ pk: "A" });
    expect(seen).toHaveLength(2);

    seen = [];
    replies = [{ status: 200, body: "{ cut off" }];
    await expect(readItem("read-client-test", { pk: "A", sk: "A" }, true)).rejects.toMatchObject({
      name: "SerializationException",
    });
    expect(seen).toHaveLength(1);
  });

  it("does not retry a refused request, and names its error as the SDK would", async () => {
    replies = [
      {
        status: 400,
        body: error("ValidationException", "The provided key element does not match the schema"),
      },
    ];
    await expect(readItem("read-client-test", { pk: "A" }, true)).rejects.toMatchObject({
      name: "ValidationException",
      message: "The provided key element does not match the schema",
    });
    expect(seen).toHaveLength(1);
  });

  it("turns an outage into a 503 AppError at the storage layer's edge", async () => {
    replies = [0, 1, 2].map(() => ({ status: 503, body: error("ServiceUnavailable", "down") }));
    const failure = await queryPage({
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": "X" },
    }).catch((thrown: unknown) => thrown);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "UNAVAILABLE" });
  });
});
