import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { applyChangesToStats, type StreamChange } from "@fruit/core/stats/index";
import { countedEntityOf } from "@fruit/core/stats/stats.keys";
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";

type Image = NonNullable<DynamoDBRecord["dynamodb"]>["NewImage"];

// aws-lambda's AttributeValue and the SDK's describe the same JSON with different TypeScript types.
const unmarshallImage = (image: Image) =>
  image ? unmarshall(image as Record<string, AttributeValue>) : undefined;

/**
 * The change one record describes to the aggregates, or undefined for a record that cannot move a
 * counter (house style 7: this file only routes). Records of other items (reviews, markers, the
 * aggregates) are ignored: the event source mapping filters them out in the cloud, but a record that
 * slips through must not count.
 */
export function streamChangeOf(record: DynamoDBRecord): StreamChange | undefined {
  const data = record.dynamodb;
  const entity = countedEntityOf(unmarshallImage(data?.Keys) ?? {});
  if (!data || !entity || !record.eventID) return undefined;
  const eventId = record.eventID;
  switch (record.eventName) {
    case "INSERT":
      return { eventId, entity, after: unmarshallImage(data.NewImage) };
    case "REMOVE":
      return { eventId, entity, before: unmarshallImage(data.OldImage) };
    case "MODIFY":
      // A product's category and an order's cancellation move counts; a user's existence never changes
      // on MODIFY, nor an order's total or date (orders are paid, delivered or cancelled, not repriced).
      if (entity === "user") return undefined;
      return {
        eventId,
        entity,
        before: unmarshallImage(data.OldImage),
        after: unmarshallImage(data.NewImage),
      };
    default:
      return undefined;
  }
}

function logFailure(record: DynamoDBRecord, error: unknown): void {
  console.error(
    JSON.stringify({
      level: "error",
      message: "stream record failed; the batch is retried from it",
      eventID: record.eventID,
      sequenceNumber: record.dynamodb?.SequenceNumber,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
}

/**
 * Applies a batch to the aggregates with core's per-batch transactions (docs/decisions/016-stream-batches.md)
 * and reports the first record not applied: with `ReportBatchItemFailures` the stream redelivers from
 * there, so it and the records after it are retried, and the ones before (committed) are not; a
 * redelivered record that was committed anyway finds its marker. `decode` is replaceable so tests can
 * inject a failure at one record, and `maxActions` makes small batches span several transactions.
 */
export async function applyStreamRecords(
  records: readonly DynamoDBRecord[],
  options: { decode?: (record: DynamoDBRecord) => StreamChange | undefined; maxActions?: number } = {},
): Promise<DynamoDBBatchResponse> {
  const decode = options.decode ?? streamChangeOf;
  const changes: StreamChange[] = [];
  const recordOf: DynamoDBRecord[] = [];
  let failure: { record: DynamoDBRecord; error: unknown } | undefined;
  for (const record of records) {
    try {
      const change = decode(record);
      if (change) {
        changes.push(change);
        recordOf.push(record);
      }
    } catch (error) {
      failure = { record, error };
      break;
    }
  }
  const outcome = await applyChangesToStats(changes, { maxActions: options.maxActions });
  if (outcome.failed) failure = { record: recordOf[outcome.failed.index]!, error: outcome.failed.error };
  if (!failure) return { batchItemFailures: [] };
  logFailure(failure.record, failure.error);
  return { batchItemFailures: [{ itemIdentifier: failure.record.dynamodb?.SequenceNumber ?? "" }] };
}

/** The stream subscriber: keeps the dashboard aggregates (docs/data-model.md, patterns 19 and 20). */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  applyStreamRecords(event.Records);
