import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "@fruit/core/config";
import { restoreFrom } from "@fruit/core/db/restore";
import { db, tableName } from "@fruit/core/internal/db/client";
import { ensureTable } from "@fruit/local/services";
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshTable } from "../support/table.ts";

/**
 * `npm run table:restore` (docs/operations.md, "Restoring the table to a point in time"): every item
 * of the table a point-in-time restore created is put back into the stage's own table.
 */
describe("table:restore", () => {
  let restored: string;

  beforeAll(async () => {
    await useFreshTable("restore");
    restored = `${tableName()}-restored`;
    await ensureTable(getConfig().dynamoEndpoint!, restored);
  });

  const get = (table: string, id: string) =>
    db()
      .send(new GetCommand({ TableName: table, Key: { pk: `R#${id}`, sk: "R" }, ConsistentRead: true }))
      .then((r) => r.Item);

  it("puts every item of the restored table into the stage's, over several pages, leaving newer items alone", async () => {
    // 160 items of ~8 KB: more than one batch and more than one scan page (1 MB).
    const filler = "x".repeat(8_000);
    for (let i = 0; i < 160; i++)
      await db().send(new PutCommand({ TableName: restored, Item: { pk: `R#${i}`, sk: "R", n: i, filler } }));
    // The stage's table: one item changed since the restore point, one written after it.
    await db().send(new PutCommand({ TableName: tableName(), Item: { pk: "R#3", sk: "R", n: -3 } }));
    await db().send(new PutCommand({ TableName: tableName(), Item: { pk: "R#new", sk: "R", n: 999 } }));
    const pages: number[] = [];
    const report = await restoreFrom(restored, { onProgress: (copied) => pages.push(copied) });
    expect(report).toEqual({ from: restored, to: tableName(), copied: 160 });
    expect(pages.length).toBeGreaterThan(1);
    expect(await get(tableName(), "3")).toMatchObject({ n: 3 });
    expect(await get(tableName(), "159")).toMatchObject({ n: 159 });
    expect(await get(tableName(), "new")).toMatchObject({ n: 999 });
  });

  it("refuses to copy the stage's table onto itself", async () => {
    await expect(restoreFrom(tableName())).rejects.toThrow(/stage's own table/);
  });
});
