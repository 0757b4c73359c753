import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { withRequestId } from "../log.ts";
import {
  defineKind,
  REQUEST_ID,
  StoredItemError,
  tombstonedKey,
  tombstoneKey,
  withRevision,
} from "./kind.ts";
import { AGAIN, ATTEMPTS, giveUp, retrying } from "./retry.ts";
import { Cancelled } from "./transact.ts";

const FruitSchema = v.object({ id: v.string(), kg: v.number(), note: v.optional(v.string()) });
const fruitKind = defineKind({
  name: "fruit",
  schema: FruitSchema,
  key: (id: string) => ({ pk: `FRUIT#${id}`, sk: "FRUIT" }),
  keys: (fruit) => ({ pk: `FRUIT#${fruit.id}`, sk: "FRUIT", gsi1pk: "FRUITS", gsi1sk: fruit.id }),
  counted: { partitionPrefix: "FRUIT#", sortKey: "FRUIT" },
});
const labelKind = defineKind({
  name: "label",
  schema: v.object({ fruitId: v.string() }),
  key: (label: string) => ({ pk: `LABEL#${label}`, sk: "LABEL" }),
});

describe("a stored kind", () => {
  it("decodes today's shape to its record, without the key attributes", () => {
    const item = { ...fruitKind.item({ id: "1", kg: 2 }) };
    expect(item).toEqual({ pk: "FRUIT#1", sk: "FRUIT", gsi1pk: "FRUITS", gsi1sk: "1", id: "1", kg: 2 });
    expect(fruitKind.decode(item)).toEqual({ id: "1", kg: 2 });
    expect(fruitKind.decodeFound(undefined)).toBeUndefined();
  });

  it("refuses a malformed item loudly, naming its kind, key and attribute", () => {
    const bad = { pk: "FRUIT#2", sk: "FRUIT", id: "2", kg: "two" };
    expect(() => fruitKind.decode(bad)).toThrow(StoredItemError);
    expect(() => fruitKind.decode(bad)).toThrow("Stored fruit item FRUIT#2 / FRUIT is malformed: kg:");
    expect(() => fruitKind.decodePart(v.pick(FruitSchema, ["id"]), { kg: 1 })).toThrow("id:");
  });

  it("tells its items by their keys when counted", () => {
    expect(fruitKind.holds({ pk: "FRUIT#9", sk: "FRUIT" })).toBe(true);
    expect(fruitKind.holds({ pk: "FRUIT#9", sk: "NOTE" })).toBe(false);
    expect(labelKind.holds({ pk: "LABEL#x", sk: "LABEL" })).toBe(false);
  });

  it("puts a kind whose key is not in its record at a key, and refuses put without one", () => {
    expect(labelKind.putAt(labelKind.key("ripe"), { fruitId: "1" })).toMatchObject({
      kind: "label",
      Put: { Item: { pk: "LABEL#ripe", sk: "LABEL", fruitId: "1" } },
    });
    expect(() => labelKind.put({ fruitId: "1" })).toThrow("putAt");
  });
});

describe("the counted rules (docs/decisions/020-exact-rebuild.md)", () => {
  it("move a counted item's revision on every update, merged into an ADD clause when there is one", () => {
    const set = fruitKind.update(fruitKind.key("1"), { UpdateExpression: "SET kg = :kg" });
    expect("Update" in set && set.Update).toMatchObject({
      Key: { pk: "FRUIT#1", sk: "FRUIT" },
      UpdateExpression: "SET kg = :kg ADD #countedRev :countedRevOne",
      ExpressionAttributeNames: { "#countedRev": "rev" },
      ExpressionAttributeValues: { ":countedRevOne": 1 },
    });
    expect(withRevision({ UpdateExpression: "SET a = :a ADD n :one REMOVE b" }).UpdateExpression).toBe(
      "SET a = :a ADD #countedRev :countedRevOne, n :one REMOVE b",
    );
    const plain = labelKind.update(labelKind.key("x"), { UpdateExpression: "SET fruitId = :f" });
    expect("Update" in plain && plain.Update.UpdateExpression).toBe("SET fruitId = :f");
  });

  it("delete a counted item with its tombstone, and nothing else with one", () => {
    const [remove, tombstone, ...rest] = fruitKind.delete(fruitKind.key("1"), {
      ConditionExpression: "kg = :kg",
    });
    expect(remove).toMatchObject({ kind: "fruit", Delete: { Key: { pk: "FRUIT#1", sk: "FRUIT" } } });
    expect(tombstone).toMatchObject({
      kind: "tombstone",
      Put: { Item: { pk: "TOMBSTONES", sk: "FRUIT#1|FRUIT" } },
    });
    expect(rest).toEqual([]);
    expect(labelKind.delete(labelKind.key("x"))).toHaveLength(1);
    expect(tombstonedKey(tombstoneKey({ pk: "FRUIT#1", sk: "FRUIT" }))).toEqual({
      pk: "FRUIT#1",
      sk: "FRUIT",
    });
  });
});

describe("a cancelled transaction, read by action", () => {
  it("names the reason of each action, whatever its position", () => {
    const put = fruitKind.put({ id: "1", kg: 1 });
    const claim = labelKind.putAt(labelKind.key("ripe"), { fruitId: "1" });
    const other = labelKind.putAt(labelKind.key("other"), { fruitId: "1" });
    const cancelled = new Cancelled([put, claim], ["None", "ConditionalCheckFailed"], new Error("x"));
    expect(cancelled.failed(claim)).toBe(true);
    expect(cancelled.failed(put)).toBe(false);
    expect(cancelled.failed(undefined)).toBe(false);
    expect(cancelled.firstFailed([put, claim])).toBe(claim);
    expect(cancelled.retryable).toBe(false);
    expect(() => cancelled.reasonOf(other)).toThrow("not part of this transaction");
    expect(new Cancelled([put], ["TransactionConflict"], undefined).retryable).toBe(true);
  });
});

describe("the one retry helper", () => {
  it("tries again while the work answers AGAIN, then gives up with the race's limit", async () => {
    let tries = 0;
    const answer = await retrying(
      "transientRead",
      async (attempt) => (attempt < 2 ? AGAIN : `done ${attempt}`),
      () => "never",
    );
    expect(answer).toBe("done 2");
    await expect(
      retrying(
        "transientRead",
        async () => {
          tries += 1;
          return AGAIN;
        },
        giveUp(() => new Error("gave up")),
      ),
    ).rejects.toThrow("gave up");
    expect(tries).toBe(ATTEMPTS.transientRead);
    expect(
      await retrying(
        "changedMeanwhile",
        async () => AGAIN,
        () => "skipped",
      ),
    ).toBe("skipped");
  });
});

describe("the writing request's id on counted items (REQUEST_ID)", () => {
  it("stamps puts and updates built inside a request, and only counted kinds", () => {
    withRequestId("req-1", () => {
      const put = fruitKind.put({ id: "1", kg: 2 });
      expect(put.Put.Item[REQUEST_ID]).toBe("req-1");
      const update = fruitKind.update(fruitKind.key("1"), {
        UpdateExpression: "SET kg = :kg",
        ExpressionAttributeValues: { ":kg": 3 },
      });
      expect(update.Update.UpdateExpression).toBe(
        "SET #writtenByRequest = :writtenByRequest, kg = :kg ADD #countedRev :countedRevOne",
      );
      expect(update.Update.ExpressionAttributeNames).toMatchObject({ "#writtenByRequest": REQUEST_ID });
      expect(update.Update.ExpressionAttributeValues).toMatchObject({
        ":writtenByRequest": "req-1",
        ":kg": 3,
      });
      // An update without a SET clause gets one.
      const added = fruitKind.update(fruitKind.key("1"), { UpdateExpression: "REMOVE note" });
      expect(added.Update.UpdateExpression).toBe(
        "REMOVE note ADD #countedRev :countedRevOne SET #writtenByRequest = :writtenByRequest",
      );
      expect(labelKind.putAt(labelKind.key("x"), { fruitId: "1" }).Put.Item).not.toHaveProperty(REQUEST_ID);
    });
    // Outside a request nothing is stamped; decoding never shows the attribute.
    expect(fruitKind.put({ id: "2", kg: 1 }).Put.Item).not.toHaveProperty(REQUEST_ID);
    expect(fruitKind.decode({ ...fruitKind.item({ id: "3", kg: 1 }), [REQUEST_ID]: "req-2" })).toEqual({
      id: "3",
      kg: 1,
    });
  });
});
