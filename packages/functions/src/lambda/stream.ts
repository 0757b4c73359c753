import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import {
  type ApplyOutcome,
  applyOrderToStats,
  applyProductToStats,
  applyUserToStats,
  type StreamChange,
} from "@fruit/core/stats/index";
import { countedEntityOf } from "@fruit/core/stats/stats.keys";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";

type Image = NonNullable<DynamoDBRecord["dynamodb"]>["NewImage"];

// aws-lambda's AttributeValue and the SDK's describe the same JSON with different TypeScript types.
const unmarshallImage = (image: Image) =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/**
 * Routes one record to the core function that keeps the dashboard aggregates (this file only
 * routes). Records of other items (reviews, markers, the aggregates) are ignored: the event
 * source mapping filters them out in the cloud, but a record that slips through must not count.
 */
export async function routeStreamRecord(record: DynamoDBRecord): Promise<ApplyOutcome | "ignored"> {
  const data = record.dynamodb;
  const entity = countedEntityOf(unmarshallImage(data?.Keys) ?? {});
  if (!data || !entity || !record.eventID) return "ignored";
  let change: StreamChange;
  switch (record.eventName) {
    case "INSERT":
      change = { eventId: record.eventID, after: unmarshallImage(data.NewImage) };
      break;
    case "REMOVE":
      change = { eventId: record.eventID, before: unmarshallImage(data.OldImage) };
      break;
    case "MODIFY":
      // A product's category and an order's cancellation move counts; a user's existence never changes
      // on MODIFY, nor an order's total or date (orders are paid, delivered or cancelled, not repriced).
      if (entity === "user") return "ignored";
      change = {
        eventId: record.eventID,
        before: unmarshallImage(data.OldImage),
        after: unmarshallImage(data.NewImage),
      };
      break;
    default:
      return "ignored";
  }
  if (entity === "order") return applyOrderToStats(change);
  if (entity === "user") return applyUserToStats(change);
  return applyProductToStats(change);
}

/**
 * Applies records in stream order and stops at the first failure, reporting that record's sequence
 * number: with `ReportBatchItemFailures` the stream redelivers from there, so the records after it
 * are retried too, and the ones before (already applied) are not. `route` is replaceable so tests
 * can inject a failure for one record.
 */
export async function applyStreamRecords(
  records: readonly DynamoDBRecord[],
  route: (record: DynamoDBRecord) => Promise<unknown> = routeStreamRecord,
): Promise<DynamoDBBatchResponse> {
  for (const record of records) {
    try {
      await route(record);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "error",
          message: "stream record failed; the batch is retried from it",
          eventID: record.eventID,
          sequenceNumber: record.dynamodb?.SequenceNumber,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
      );
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? "" }] };
    }
  }
  return { batchItemFailures: [] };
}

/** The stream subscriber: keeps the dashboard aggregates (docs/architecture.md, 'The stream path'). */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  applyStreamRecords(event.Records);
