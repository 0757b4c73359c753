import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "../config.ts";
import { observe } from "./observe.ts";

let cached: { key: string; client: DynamoDBDocumentClient } | undefined;

/**
 * The document client for the configured table. One per process (Lambda reuses it across
 * invocations); rebuilt only if the configuration points somewhere else (tests).
 */
export function db(): DynamoDBDocumentClient {
  const { region, dynamoEndpoint } = getConfig();
  const key = `${region}|${dynamoEndpoint ?? ""}`;
  if (cached?.key !== key) {
    const base = new DynamoDBClient({
      region,
      ...(dynamoEndpoint
        ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
        : {}),
    });
    const client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
    // Each command's round trip, on the storage layer's one channel (db/observe.ts).
    client.middlewareStack.add(
      (next, context) => (args) => {
        observe((context.commandName ?? "").replace(/Command$/, ""), args.input as Record<string, unknown>);
        return next(args);
      },
      { step: "initialize", name: "observeRoundTrip" },
    );
    cached = { key, client };
  }
  return cached.client;
}

/** The configured table's name. */
export const tableName = (): string => getConfig().tableName;
