import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { guardClient } from "../access/enforce.ts";
import { getConfig } from "../config.ts";
import { connection, MARSHALL_OPTIONS } from "./connection.ts";
import { LOCAL_WRITES, localCommitBarrier } from "./local-commit.ts";
import { observe } from "./observe.ts";

let cached: { key: string; client: DynamoDBDocumentClient } | undefined;

/**
 * The document client for the configured table, set up as the read client is (db/connection.ts):
 * the local endpoint if one is configured (in the cloud the SDK resolves the region's), the
 * connection's keys when it has them (else the SDK's default provider chain), the same conversions.
 * One per process (Lambda reuses it across invocations); rebuilt only if the configuration points
 * somewhere else or signs as someone else (tests).
 */
export function db(): DynamoDBDocumentClient {
  const { region, localEndpoint, credentials } = connection();
  const key = JSON.stringify([
    region,
    localEndpoint ?? "",
    credentials?.accessKeyId ?? "",
    credentials?.sessionToken ?? "",
  ]);
  if (cached?.key !== key) {
    const base = new DynamoDBClient({
      region,
      ...(localEndpoint ? { endpoint: localEndpoint } : {}),
      // A copy: the SDK writes its own bookkeeping (`$source`) into the credentials it is given.
      ...(credentials ? { credentials: { ...credentials } } : {}),
    });
    // A copy: the document client writes its defaults into the options object (db/connection.ts).
    const client = DynamoDBDocumentClient.from(base, { marshallOptions: { ...MARSHALL_OPTIONS } });
    // Each command's round trip, on the storage layer's one channel (db/observe.ts).
    client.middlewareStack.add(
      (next, context) => (args) => {
        observe((context.commandName ?? "").replace(/Command$/, ""), args.input as Record<string, unknown>);
        return next(args);
      },
      { step: "initialize", name: "observeRoundTrip" },
    );
    // The running function's grants, where enforced (docs/decisions/036-permissions-enforced-locally.md).
    guardClient(client, "dynamodb");
    // DynamoDB Local: a write's answer reaches the caller only once it is committed (db/local-commit.ts).
    if (localEndpoint)
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const result = await next(args);
          if (LOCAL_WRITES.has(context.commandName ?? ""))
            await localCommitBarrier(localEndpoint, region, getConfig().tableName);
          return result;
        },
        { step: "initialize", name: "localCommitBarrier" },
      );
    cached = { key, client };
  }
  return cached.client;
}

/** The configured table's name. */
export const tableName = (): string => getConfig().tableName;
