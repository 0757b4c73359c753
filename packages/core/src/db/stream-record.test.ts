import { describe, expect, it } from "vitest";
import { readStreamRecord } from "./stream-record.ts";

const record = {
  eventID: "e1",
  eventName: "MODIFY",
  dynamodb: {
    Keys: { pk: { S: "ORDER#1" }, sk: { S: "ORDER" } },
    OldImage: {
      pk: { S: "ORDER#1" },
      sk: { S: "ORDER" },
      totalCents: { N: "2722" },
      isPaid: { BOOL: false },
    },
    NewImage: {
      pk: { S: "ORDER#1" },
      sk: { S: "ORDER" },
      totalCents: { N: "2722" },
      isPaid: { BOOL: true },
      lines: { L: [{ M: { q: { N: "250" } } }] },
    },
    SequenceNumber: "100",
  },
};

describe("readStreamRecord", () => {
  it("answers a record's keys and images, unmarshalled", () => {
    expect(readStreamRecord(record)).toEqual({
      eventId: "e1",
      eventName: "MODIFY",
      sequenceNumber: "100",
      keys: { pk: "ORDER#1", sk: "ORDER" },
      before: { pk: "ORDER#1", sk: "ORDER", totalCents: 2722, isPaid: false },
      after: { pk: "ORDER#1", sk: "ORDER", totalCents: 2722, isPaid: true, lines: [{ q: 250 }] },
    });
    expect(readStreamRecord({ eventName: "REMOVE", dynamodb: {} })).toMatchObject({
      keys: {},
      before: undefined,
      after: undefined,
    });
  });

  it("fails loudly, naming the field, on a record that is not DynamoDB's", () => {
    const bad =
      (dynamodb: unknown, eventName = "MODIFY") =>
      () =>
        readStreamRecord({ ...record, eventName, dynamodb });
    expect(bad({ ...record.dynamodb, NewImage: { ...record.dynamodb.NewImage, totalCents: 2722 } })).toThrow(
      "stream record is malformed: dynamodb.NewImage.totalCents: not a DynamoDB attribute value",
    );
    expect(bad({ ...record.dynamodb, Keys: { pk: { S: "ORDER#1", N: "1" } } })).toThrow(
      "stream record is malformed: dynamodb.Keys.pk: not a DynamoDB attribute value",
    );
    expect(bad({ ...record.dynamodb, SequenceNumber: 100 })).toThrow(
      /^stream record is malformed: dynamodb\.SequenceNumber: /,
    );
    expect(bad(record.dynamodb, "UPSERT")).toThrow(/^stream record is malformed: eventName: /);
    expect(bad(record.dynamodb, "UPSERT")).toThrow(
      expect.objectContaining({ name: "ForeignDataError", edge: "stream record" }),
    );
  });
});
