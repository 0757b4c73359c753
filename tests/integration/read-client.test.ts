import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getConfig, setConfig } from "@fruit/core/config";
import { db, tableName } from "@fruit/core/internal/db/client";
import { getItem } from "@fruit/core/internal/db/items";
import { queryAll, queryPage } from "@fruit/core/internal/db/query";
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshTable } from "../support/table.ts";

/**
 * The storage layer reads over DynamoDB's JSON protocol (packages/core/src/db/read-client.ts) and
 * writes through the SDK: an item must read back the same either way, against DynamoDB Local.
 */
describe("the read client against DynamoDB Local", () => {
  const rich = {
    pk: "READ#1",
    sk: "ITEM",
    text: "Pommes — 🍎",
    whole: 42,
    fraction: 3.25,
    negative: -7,
    big: 2 ** 52,
    yes: true,
    nothing: null,
    list: ["a", 1, { nested: [true, { deeper: "x" }] }],
    map: { a: { b: { c: 1 } }, empty: {} },
    emptyList: [],
    emptyText: "",
    tags: new Set(["red", "sweet"]),
    sizes: new Set([1, 2.5]),
    bytes: new Uint8Array([0, 1, 254, 255]),
  };

  beforeAll(async () => {
    await useFreshTable("read-client");
    await db().send(new PutCommand({ TableName: tableName(), Item: rich }));
    for (let i = 0; i < 5; i++) {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { pk: "READ#LIST", sk: `ITEM#${i}`, i } }),
      );
    }
  });

  it("reads every attribute type as the document client does", async () => {
    const { Item: viaSdk } = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: rich.pk, sk: rich.sk }, ConsistentRead: true }),
    );
    const viaReadClient = await getItem({ pk: rich.pk, sk: rich.sk });
    expect(viaReadClient).toEqual(viaSdk);
    expect(viaReadClient).toEqual(rich);
    expect(await getItem({ pk: "READ#none", sk: "ITEM" })).toBeUndefined();
    // Binary values in a key condition go out as DynamoDB's base64.
    const byBytes = await queryPage({
      KeyConditionExpression: "pk = :pk",
      FilterExpression: "#bytes = :bytes",
      ExpressionAttributeNames: { "#bytes": "bytes" },
      ExpressionAttributeValues: { ":pk": rich.pk, ":bytes": rich.bytes },
    });
    expect(byBytes.items).toEqual([rich]);
  });

  it("pages a query with native start keys, as the SDK pages it", async () => {
    const input = { KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "READ#LIST" } };
    const first = await queryPage({ ...input, Limit: 2 });
    expect(first.items.map((item) => item.i)).toEqual([0, 1]);
    expect(first.next).toEqual({ pk: "READ#LIST", sk: "ITEM#1" });
    const second = await queryPage({ ...input, Limit: 2, ExclusiveStartKey: first.next });
    expect(second.items.map((item) => item.i)).toEqual([2, 3]);
    const { Items } = await db().send(
      new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: first.next, Limit: 2 }),
    );
    expect(second.items).toEqual(Items);
    expect((await queryAll({ ...input, Limit: 2 })).map((item) => item.i)).toEqual([0, 1, 2, 3, 4]);
    expect(await queryPage({ ...input, Select: "COUNT" })).toMatchObject({ items: [], count: 5 });
  });

  it("names DynamoDB's errors as the SDK names them", async () => {
    const config = getConfig();
    setConfig({ ...config, tableName: "no-such-table" });
    try {
      await expect(getItem({ pk: "A", sk: "A" })).rejects.toMatchObject({
        name: "ResourceNotFoundException",
      });
    } finally {
      setConfig(config);
    }
  });
});
