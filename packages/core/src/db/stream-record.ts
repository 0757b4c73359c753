import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import * as v from "valibot";
import { parseForeign } from "../foreign.ts";
import type { Item } from "./kind.ts";

/**
 * The table's stream records as Lambda (or the local poller, packages/local/src/stream-poller.ts)
 * hands them to the stream handlers (packages/functions/src/lambda/stream.ts and mail-stream.ts): a
 * foreign edge (foreign.ts), parsed as "stream record" before its images are unmarshalled. A record
 * whose envelope or attribute values are not DynamoDB's fails loudly, naming the field
 * ("dynamodb.NewImage.totalCents: ..."); what the images hold is then decoded by their kind
 * (db/kind.ts), which names the kind.
 */

const TYPE_TAGS = new Set(["S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL"]);

/** One attribute value in DynamoDB's JSON: an object with exactly one type tag (nested values are unmarshall's). */
const AttributeValueSchema = v.custom<AttributeValue>((value) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const tags = Object.keys(value);
  return tags.length === 1 && TYPE_TAGS.has(tags[0] ?? "");
}, "not a DynamoDB attribute value");

const ImageSchema = v.record(v.string(), AttributeValueSchema);

const StreamRecordSchema = v.object({
  eventID: v.optional(v.string()),
  eventName: v.optional(v.picklist(["INSERT", "MODIFY", "REMOVE"])),
  dynamodb: v.optional(
    v.object({
      Keys: v.optional(ImageSchema),
      NewImage: v.optional(ImageSchema),
      OldImage: v.optional(ImageSchema),
      SequenceNumber: v.optional(v.string()),
    }),
  ),
});

/** A stream record, parsed and unmarshalled: its keys, and its item before (OldImage) and after (NewImage). */
export interface StreamRecordImages {
  eventId: string | undefined;
  eventName: "INSERT" | "MODIFY" | "REMOVE" | undefined;
  sequenceNumber: string | undefined;
  /** The item's key attributes (`{}` when the record carries none). */
  keys: Item;
  before: Item | undefined;
  after: Item | undefined;
}

const unmarshalled = (image: Record<string, AttributeValue> | undefined): Item | undefined =>
  image ? unmarshall(image) : undefined;

/**
 * A stream record's keys and images; throws a ForeignDataError ("stream record is malformed: …")
 * when it is not a DynamoDB stream record.
 *
 * @example
 * const { keys, before, after } = readStreamRecord(record); // record: aws-lambda's DynamoDBRecord
 */
export function readStreamRecord(record: unknown): StreamRecordImages {
  const parsed = parseForeign("stream record", StreamRecordSchema, record);
  const data = parsed.dynamodb;
  return {
    eventId: parsed.eventID,
    eventName: parsed.eventName,
    sequenceNumber: data?.SequenceNumber,
    keys: unmarshalled(data?.Keys) ?? {},
    before: unmarshalled(data?.OldImage),
    after: unmarshalled(data?.NewImage),
  };
}
