import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { alertProductChange } from "@fruit/core/alerts/fan-out";
import { RESTORED_BY, restoreFrom } from "@fruit/core/db/restore";
import { db, tableName } from "@fruit/core/internal/db/client";
import type { MailSender, OutgoingMail } from "@fruit/core/mails/ses";
import { ensureTable } from "@fruit/local/services";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../support/api.ts";
import { createProduct, createUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * A table restore (docs/operations.md, "Restoring the table to a point in time") puts back stock
 * products had at the restore point: a sold-out product coming back, another falling under its
 * low-stock threshold. Those writes are the past, not a restock: `npm run table:restore` marks each
 * item it puts (core's db/restore.ts), and the mail subscriber's fan-out sends no "back in stock" and
 * no low-stock mail for them — while the same change without the mark would.
 */

const ADMIN_MAIL = "owner@shop.example.com";
const outbox: OutgoingMail[] = [];
const send: MailSender = async (mail) => {
  outbox.push(mail);
  return { messageId: `m-${outbox.length}` };
};
let restored: string;

const keyOf = (id: string) => ({ pk: `PRODUCT#${id}`, sk: "PRODUCT" });
const itemOf = async (table: string, id: string) =>
  (await db().send(new GetCommand({ TableName: table, Key: keyOf(id), ConsistentRead: true }))).Item!;
const setStock = (id: string, stock: number) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(id),
      UpdateExpression: "SET countInStock = :s",
      ExpressionAttributeValues: { ":s": stock },
    }),
  );
/** The restock episodes started for a product (`EPISODE#<product>#<rev>` / `EPISODE`). */
const episodesOf = async (id: string) =>
  (
    await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "begins_with(pk, :p)",
        ExpressionAttributeValues: { ":p": `EPISODE#${id}#` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  const config = await useFreshTable("restore-mails", {
    SHOP_URL: "https://shop.example.com",
    ADMIN_MAIL,
    MAIL_SEND_RATE: "1000",
    LOW_STOCK_DEFAULT: "2",
  });
  restored = `${config.tableName}-restored`;
  await ensureTable(inject("dynamoEndpoint"), restored);
});

describe("a table restore", () => {
  it("sends no restock mail for a sold-out product it brings back, and no low-stock mail for stock it takes down", async () => {
    const shopper = await createUser();
    // At the restore point: the plum had 5 pieces, the fig 1 (under its threshold of 2).
    const plum = await createProduct({ name: "Restored Plum", unit: "piece", countInStock: 5 });
    const fig = await createProduct({ name: "Restored Fig", unit: "piece", countInStock: 1 });
    for (const product of [plum, fig])
      await db().send(new PutCommand({ TableName: restored, Item: await itemOf(tableName(), product._id) }));
    // Since then: the plum sold out and a shopper waits for it; the fig was restocked.
    await setStock(plum._id, 0);
    await setStock(fig._id, 10);
    expect(
      (await api(`/api/products/${plum._id}/restock-alerts`, { method: "POST", token: shopper.token })).body,
    ).toEqual({ subscribed: true });
    const before = { plum: await itemOf(tableName(), plum._id), fig: await itemOf(tableName(), fig._id) };

    expect((await restoreFrom(restored)).copied).toBe(2);
    const after = { plum: await itemOf(tableName(), plum._id), fig: await itemOf(tableName(), fig._id) };
    expect(after.plum).toMatchObject({ countInStock: 5, [RESTORED_BY]: expect.any(String) });
    expect(after.fig).toMatchObject({ countInStock: 1, [RESTORED_BY]: after.plum[RESTORED_BY] });

    // The mail subscriber's handling of the two stream records the restore wrote.
    for (const name of ["plum", "fig"] as const)
      await alertProductChange(keyOf(name === "plum" ? plum._id : fig._id), before[name], after[name], {
        send,
      });
    expect(outbox).toEqual([]);
    expect(await episodesOf(plum._id)).toEqual([]);

    // The same changes, not a restore's: a restock episode for the plum, a low-stock mail for the fig.
    const { [RESTORED_BY]: _plumMark, ...plumChanged } = after.plum;
    const { [RESTORED_BY]: _figMark, ...figChanged } = after.fig;
    await alertProductChange(keyOf(plum._id), before.plum, plumChanged, { send });
    await alertProductChange(keyOf(fig._id), before.fig, figChanged, { send });
    expect(outbox.map((mail) => [mail.to, mail.subject])).toEqual([
      [ADMIN_MAIL, "Fruit Shop: Running low: Restored Fig"],
    ]);
    expect(await episodesOf(plum._id)).toHaveLength(1);
  });
});
