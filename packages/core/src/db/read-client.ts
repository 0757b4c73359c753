import type { IncomingMessage } from "node:http";
import { marshall, unmarshall } from "@aws-sdk/util-dynamodb";
import aws4 from "aws4";
import { checkDynamo } from "../access/enforce.ts";
import { fieldsOf, listOf } from "../foreign.ts";
import { connection, MARSHALL_OPTIONS, signingCredentials } from "./connection.ts";
import { isUnavailable } from "./errors.ts";
import { observe } from "./observe.ts";
import { AGAIN, giveUp, retrying } from "./retry.ts";

/**
 * The read client: the storage layer's reads (Query and GetItem) over DynamoDB's JSON protocol, a
 * POST signed with SigV4 (`aws4`), items converted with `@aws-sdk/util-dynamodb` exactly as the
 * document client does. Region, endpoint, keys and conversions are the document client's
 * (db/connection.ts). A cold API Lambda answering the public catalogue then evaluates neither the AWS
 * SDK's client nor its middleware; the SDK stays the one client for every write, batch and
 * transaction, loaded on first use (db/sdk.ts). docs/decisions/022-reads-over-the-wire.md says why
 * and what to keep in step.
 */

/** An item in DynamoDB's JSON (`{ "S": "…" }`, `{ "N": "…" }`, …). */
type DynamoJsonItem = Record<string, unknown>;

/** The SDK's own number: a reply within 10 s, or the read counts as failed (its 3 attempts: db/retry.ts). */
const TIMEOUT_MS = 10_000;

/** What DynamoDB answered instead of a result: `name` is its error type, as the SDK names its errors. */
export class DynamoReadError extends Error {
  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = name;
  }
}

// Taken with `getBuiltinModule`, not `import`: an ESM import of node:http builds its module facade,
// which reads every export, node:http's lazy WebSocket ones included, and so evaluates Node's whole
// bundled undici (~15 ms of a cold start). Keep-alive connections, as the SDK's handler keeps them.
const http = process.getBuiltinModule("node:http");
const https = process.getBuiltinModule("node:https");
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** Where the reads go (db/connection.ts: the configured local endpoint, else the region's DynamoDB), and how. */
function target() {
  const settings = connection();
  const url = settings.endpoint;
  const secure = url.protocol === "https:";
  return {
    settings,
    url,
    client: secure ? https : http,
    agent: secure ? agents.https : agents.http,
    port: url.port || (secure ? 443 : 80),
  };
}

let primed = false;

/**
 * Opens the keep-alive connection the first read will use, ahead of that read. The API Lambda calls
 * this during its init (functions/src/lambda/api.ts), so the connection's handshakes — TCP, and TLS
 * in the cloud — run while the rest of the cold start runs (Node loading its fetch classes for the
 * first request), instead of after it. The request is an unsigned `GET /`, which carries no data and
 * changes nothing (DynamoDB answers it with its health page, DynamoDB Local with a 400); its answer is
 * drained, which hands the connection back to the agent for the first read. Any failure is ignored:
 * the first read then connects as it always did. Once per process.
 */
export function primeConnection(): void {
  if (primed) return;
  primed = true;
  try {
    const { url, client, agent, port } = target();
    const request = client.request(
      { hostname: url.hostname, port, path: "/", method: "GET", agent },
      (response) => response.resume(),
    );
    request.setTimeout(TIMEOUT_MS, () => request.destroy());
    request.on("error", () => {});
    request.end();
  } catch {
    // An invalid configuration: the first request reports it.
  }
}

function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    response.on("error", reject);
  });
}

/**
 * The reply's JSON object. A body that is not one (a proxy's error page, a cut-off reply) is an error of
 * its own: a server error (retried) with a 5xx status, else a `SerializationException`.
 */
function parseReply(text: string, status: number): Record<string, unknown> {
  try {
    const reply: unknown = text ? JSON.parse(text) : {};
    if (typeof reply === "object" && reply !== null && !Array.isArray(reply)) return fieldsOf(reply);
  } catch {
    // Not JSON at all: the same answer as JSON that is not an object.
  }
  const type = status >= 500 ? "InternalServerError" : "SerializationException";
  throw new DynamoReadError(
    type,
    `DynamoDB answered HTTP ${status} with a body that is not a JSON object`,
    status,
  );
}

/** One signed POST of `operation`; answers the parsed reply, throws a DynamoReadError for an error reply. */
async function post(operation: string, payload: object): Promise<Record<string, unknown>> {
  // The running function's grants, where enforced (docs/decisions/036-permissions-enforced-locally.md).
  checkDynamo(operation, fieldsOf(payload));
  const { settings, url, client, agent, port } = target();
  const body = JSON.stringify(payload, encodeBinary);
  const signed = aws4.sign(
    {
      host: url.host,
      path: "/",
      method: "POST",
      service: "dynamodb",
      region: settings.region,
      body,
      headers: {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": `DynamoDB_20120810.${operation}`,
      },
    },
    await signingCredentials(settings),
  );
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(
      { hostname: url.hostname, port, path: "/", method: "POST", headers: signed.headers, agent },
      resolve,
    );
    request.setTimeout(TIMEOUT_MS, () =>
      request.destroy(new DynamoReadError("TimeoutError", `no reply within ${TIMEOUT_MS} ms`, 0)),
    );
    request.on("error", reject);
    request.end(body);
  });
  const text = await readBody(response);
  const status = response.statusCode ?? 0;
  const reply = parseReply(text, status);
  if (status >= 200 && status < 300) return reply;
  // `__type` is "com.amazonaws.dynamodb.v20120810#ValidationException"; the SDK names errors by its last part.
  const type =
    String(reply.__type ?? "")
      .split("#")
      .pop() || (status >= 500 ? "InternalServerError" : "UnknownError");
  throw new DynamoReadError(type, String(reply.message ?? reply.Message ?? `HTTP ${status}`), status);
}

/** What a retry may clear: the storage layer's outages (db/errors.ts), and any 5xx reply. */
const isTransient = (error: unknown): boolean =>
  isUnavailable(error) || (error instanceof DynamoReadError && error.statusCode >= 500);

/**
 * `post` with the SDK's retry (db/retry.ts, `transientRead`): transient failures tried again, then the
 * last one thrown; reads are idempotent.
 */
async function call(operation: string, payload: object): Promise<Record<string, unknown>> {
  let last: unknown;
  return retrying(
    "transientRead",
    async () => {
      try {
        return await post(operation, payload);
      } catch (error) {
        if (!isTransient(error)) throw error;
        last = error;
        return AGAIN;
      }
    },
    giveUp(() => last),
  );
}

/** Binary values travel as base64 (`B`, `BS`); the SDK hands them over as bytes, so do we. */
function decodeBinary(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const attribute = fieldsOf(value);
  if (typeof attribute.B === "string") return { B: new Uint8Array(Buffer.from(attribute.B, "base64")) };
  if (Array.isArray(attribute.BS)) {
    return { BS: attribute.BS.map((b64: string) => new Uint8Array(Buffer.from(b64, "base64"))) };
  }
  if (Array.isArray(attribute.L)) return { L: attribute.L.map(decodeBinary) };
  if (attribute.M && typeof attribute.M === "object") return { M: decodeItem(attribute.M) };
  return value;
}
const decodeItem = (item: object) =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, decodeBinary(value)]));

/** JSON.stringify's replacer for the request body: bytes as base64. */
const encodeBinary = (_key: string, value: unknown) =>
  value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value;

const fromDynamoJson = (item: unknown) =>
  unmarshall(decodeItem(fieldsOf(item)) as Parameters<typeof unmarshall>[0]);
const toDynamoJson = (value: Record<string, unknown>): DynamoJsonItem => marshall(value, MARSHALL_OPTIONS);

/** A Query's input as the document client takes it: native values, keys as plain objects. */
export type ReadQueryInput = Record<string, unknown> & {
  TableName: string;
  ExpressionAttributeValues?: Record<string, unknown>;
  ExclusiveStartKey?: Record<string, unknown>;
};

/** One Query page: items, count and the key the next page starts after, all native values. */
export async function readQueryPage(input: ReadQueryInput) {
  observe("Query", input);
  const { ExpressionAttributeValues, ExclusiveStartKey, ...rest } = input;
  const reply = await call("Query", {
    ...rest,
    ...(ExpressionAttributeValues
      ? { ExpressionAttributeValues: toDynamoJson(ExpressionAttributeValues) }
      : {}),
    ...(ExclusiveStartKey ? { ExclusiveStartKey: toDynamoJson(ExclusiveStartKey) } : {}),
  });
  return {
    items: listOf(reply.Items).map(fromDynamoJson),
    count: Number(reply.Count ?? 0),
    next: reply.LastEvaluatedKey ? fromDynamoJson(reply.LastEvaluatedKey) : undefined,
  };
}

/** One item by key (undefined when missing). */
export async function readItem(
  TableName: string,
  key: Record<string, unknown>,
  consistent: boolean,
): Promise<Record<string, unknown> | undefined> {
  observe("GetItem", { Key: key, ConsistentRead: consistent });
  const reply = await call("GetItem", { TableName, Key: toDynamoJson(key), ConsistentRead: consistent });
  return reply.Item ? fromDynamoJson(reply.Item) : undefined;
}
