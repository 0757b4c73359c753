/**
 * Every round trip of the storage layer to DynamoDB — reads by db/read-client.ts and the SDK's writes,
 * batches and transactions — is published on one `node:diagnostics_channel` channel, so a test (or
 * a profiler) can see how many requests a verb makes, and which, whichever client sent them. Nothing
 * is built or published while nobody subscribes.
 *
 * @example
 * subscribe(DYNAMODB_CHANNEL, ({ operation }) => console.log(operation)); // "Query", "TransactWriteItems", …
 */
export const DYNAMODB_CHANNEL = "fruit-shop:dynamodb";

/** What is published: the DynamoDB operation and its input as db/ wrote it (native values, no table name). */
export interface RoundTrip {
  operation: string;
  input: Record<string, unknown>;
}

const channel = process.getBuiltinModule("node:diagnostics_channel").channel(DYNAMODB_CHANNEL);

/** Publishes one round trip, if anyone listens. */
export function observe(operation: string, input: Record<string, unknown>): void {
  if (channel.hasSubscribers) channel.publish({ operation, input } satisfies RoundTrip);
}
