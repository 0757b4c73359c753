import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/** One request the stand-in endpoint received, and the connection (numbered) it came on. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  connection: number;
}

let seen: Seen[] = [];
let server: Server;
let endpoint = "";
const connections = new WeakMap<Socket, number>();
let opened = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      seen.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        connection: connections.get(request.socket) ?? -1,
      });
      response.writeHead(request.method === "GET" ? 400 : 200, {
        "content-type": "application/x-amz-json-1.0",
      });
      response.end(
        JSON.stringify(request.method === "GET" ? { __type: "x#MissingAuthenticationToken" } : {}),
      );
    });
  });
  server.on("connection", (socket: Socket) => connections.set(socket, ++opened));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  // A fresh read client per test: its agents and its once-per-process flag start anew.
  vi.resetModules();
});

/** The read client, configured for `dynamoEndpoint`, as a freshly started process has it. */
async function freshReadClient(dynamoEndpoint: string) {
  const config = await import("../config.ts");
  config.setConfig(
    config.loadConfig({
      TABLE_NAME: "read-client-prime-test",
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      JWT_SECRET: "read-client-prime-secret-read-client-prime",
      PAYMENTS: "test",
    }),
  );
  return import("./read-client.ts");
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("the connection a cold Lambda opens during init", () => {
  it("is opened by an unsigned GET / and then carries the first read", async () => {
    const reads = await freshReadClient(endpoint);
    reads.primeConnection();
    await until(() => seen.length === 1);
    // Let the drained answer hand the connection back to the agent.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await reads.readItem("read-client-prime-test", { pk: "A", sk: "B" }, false)).toBeUndefined();

    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual(["GET /", "POST /"]);
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[1]!.headers["x-amz-target"]).toBe("DynamoDB_20120810.GetItem");
    expect(seen[1]!.connection).toBe(seen[0]!.connection);
  });

  it("is opened once per process", async () => {
    const reads = await freshReadClient(endpoint);
    reads.primeConnection();
    reads.primeConnection();
    await until(() => seen.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen.map(({ method }) => method)).toEqual(["GET"]);
  });

  it("fails quietly when DynamoDB cannot be reached: the first read reports it instead", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const reads = await freshReadClient(`http://127.0.0.1:${port}`);
    expect(() => reads.primeConnection()).not.toThrow();
    await expect(reads.readItem("read-client-prime-test", { pk: "A", sk: "B" }, false)).rejects.toMatchObject(
      {
        code: "ECONNREFUSED",
      },
    );
  });
});
