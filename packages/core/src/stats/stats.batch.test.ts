import { describe, expect, it } from "vitest";
import {
  chunkRecords,
  fixedActions,
  MAX_TRANSACTION_ACTIONS,
  type RecordDelta,
  sequenceOf,
} from "./stats.batch.ts";
import { statsKeys, storedSequence } from "./stats.records.ts";

const order = (index: number, day: string, cents: number): RecordDelta => ({
  index,
  eventId: `e${index}`,
  sequence: BigInt(index),
  delta: [
    { key: statsKeys.totals, add: { numOrders: 1, salesCents: cents } },
    { key: statsKeys.day(day), add: { orders: 1, salesCents: cents } },
  ],
});

/** A chunk's transaction: its counter updates, the checkpoint and, journaling, META and a journal entry per record. */
const actions = (chunk: { records: unknown[]; counters: unknown[] }, journaling = false) =>
  chunk.counters.length + fixedActions(journaling) + (journaling ? chunk.records.length : 0);

const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);

describe("chunkRecords", () => {
  it("sums a chunk's deltas per counter item, one update per item", () => {
    const [chunk, ...rest] = chunkRecords([order(0, "2026-01-01", 100), order(1, "2026-01-01", 50)]);
    expect(rest).toEqual([]);
    expect(chunk?.records.map((r) => r.eventId)).toEqual(["e0", "e1"]);
    expect(chunk?.counters).toEqual([
      { key: statsKeys.totals, add: { numOrders: 2, salesCents: 150 } },
      { key: statsKeys.day("2026-01-01"), add: { orders: 2, salesCents: 150 } },
    ]);
  });

  it("costs no action per record: the checkpoint stands for them all", () => {
    const records = Array.from({ length: 300 }, (_, i) => order(i, "2026-01-01", 1));
    const chunks = chunkRecords(records);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.counters).toHaveLength(2);
    expect(actions(chunks[0]!)).toBe(3); // TOTALS, DAY, the checkpoint
  });

  it("cuts past 99 counter items, keeping every transaction within 100 actions, in stream order", () => {
    // One order per day: every record touches a counter item of its own, beside TOTALS.
    const records = Array.from({ length: 250 }, (_, i) => order(i, day(i), i));
    const chunks = chunkRecords(records);
    // TOTALS + 98 days + the checkpoint fill a transaction.
    expect(chunks.map((chunk) => chunk.records.length)).toEqual([98, 98, 54]);
    for (const chunk of chunks) expect(actions(chunk)).toBeLessThanOrEqual(MAX_TRANSACTION_ACTIONS);
    expect(chunks.flatMap((chunk) => chunk.records.map((r) => r.index))).toEqual(records.map((r) => r.index));
    const sales = chunks.flatMap((c) => c.counters).filter((c) => c.key.sk === "TOTALS");
    expect(sales.reduce((sum, c) => sum + (c.add.salesCents ?? 0), 0)).toBe((249 * 250) / 2);
  });

  it("while a rebuild is open, counts a journal entry per record and META's update", () => {
    const records = Array.from({ length: 250 }, (_, i) => order(i, `2026-01-0${1 + (i % 3)}`, i));
    const chunks = chunkRecords(records, { journaling: true });
    // 94 journal entries + TOTALS + 3 days + the checkpoint + META fill a transaction.
    expect(chunks.map((chunk) => chunk.records.length)).toEqual([94, 94, 62]);
    for (const chunk of chunks) expect(actions(chunk, true)).toBeLessThanOrEqual(MAX_TRANSACTION_ACTIONS);
    for (const chunk of chunks.slice(0, -1)) expect(actions(chunk, true)).toBe(MAX_TRANSACTION_ACTIONS);
    expect(chunks.flatMap((chunk) => chunk.records.map((r) => r.index))).toEqual(records.map((r) => r.index));
  });

  it("keeps a record whose effects cancel out in the chunk, so the checkpoint still covers it", () => {
    const placed = order(0, "2026-01-01", 100);
    const deleted: RecordDelta = {
      index: 1,
      eventId: "e1",
      sequence: 1n,
      delta: placed.delta.map((c) => ({
        key: c.key,
        add: { ...Object.fromEntries(Object.entries(c.add).map(([k, v]) => [k, -v])) },
      })),
    };
    const [chunk] = chunkRecords([placed, deleted]);
    expect(chunk?.records).toHaveLength(2);
    expect(chunk?.counters).toEqual([]);
  });

  it("cuts at a smaller limit too, and gives a record that alone exceeds it a chunk of its own", () => {
    const chunks = chunkRecords(
      [0, 1, 2, 3, 4].map((i) => order(i, day(i), 1)),
      { maxActions: 4 },
    );
    // TOTALS + 2 days + the checkpoint.
    expect(chunks.map((c) => c.records.length)).toEqual([2, 2, 1]);
    const tiny = chunkRecords(
      [0, 1].map((i) => order(i, day(i), 1)),
      { maxActions: 2 },
    );
    expect(tiny.map((c) => c.records.length)).toEqual([1, 1]);
  });
});

describe("stream sequence numbers", () => {
  it("compare as numbers whatever their length (21 to 40 digits), and are stored zero-padded to 40", () => {
    const short = sequenceOf("900000000000000000000");
    const long = sequenceOf("1000000000000000000000");
    expect(long > short).toBe(true);
    expect(storedSequence(short)).toBe(`0000000000000000000${"900000000000000000000"}`);
    expect(storedSequence(short) < storedSequence(long)).toBe(true);
    expect(sequenceOf("9".repeat(40))).toBe(10n ** 40n - 1n);
  });

  it("refuses anything but digits", () => {
    for (const bad of [undefined, "", "12a", "-1", "1".repeat(41)])
      expect(() => sequenceOf(bad)).toThrow("sequence number");
  });
});
