import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { DYNAMODB_CHANNEL, type RoundTrip } from "@fruit/core/internal/db/observe";

/**
 * Records the storage layer's round trips to DynamoDB (db/observe.ts) while `run` runs: reads over
 * the read client and the SDK's commands alike, in the order they were sent.
 *
 * @example
 * const trips = await roundTrips(() => placeOrder(input));
 * expect(trips.map((trip) => trip.operation)).toEqual(["GetItem", "TransactWriteItems"]);
 */
export async function roundTrips(run: () => Promise<unknown>): Promise<RoundTrip[]> {
  const trips: RoundTrip[] = [];
  const record = (message: unknown) => trips.push(message as RoundTrip);
  subscribe(DYNAMODB_CHANNEL, record);
  try {
    await run();
  } finally {
    unsubscribe(DYNAMODB_CHANNEL, record);
  }
  return trips;
}
