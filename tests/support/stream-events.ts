import { randomUUID } from "node:crypto";
import { DeleteCommand, PutCommand, ScanCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { TOMBSTONE_LIFETIME_SECONDS, tombstoneKey } from "@fruit/core/internal/db/kind";
import { orderKind } from "@fruit/core/internal/orders/order.records";
import { productKind } from "@fruit/core/internal/products/product.records";
import { statsKeys } from "@fruit/core/internal/stats/stats.records";
import { userKind } from "@fruit/core/internal/users/user.records";
import type { DynamoDBRecord } from "aws-lambda";

/**
 * Stream records built by hand, as DynamoDB would deliver them for a table with
 * NEW_AND_OLD_IMAGES, plus a recorder that writes the same change to the table so that a rebuild
 * sees the state the records describe.
 */
export type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };
type Image = NonNullable<DynamoDBRecord["dynamodb"]>["NewImage"];

let sequence = 0;

// aws-lambda's AttributeValue type and the SDK's describe the same JSON.
const image = (item: Item): Image => marshall(item, { removeUndefinedValues: true }) as Image;

/** One stream record with a unique eventID and a SequenceNumber greater than every earlier one. */
export function streamRecord(
  eventName: "INSERT" | "MODIFY" | "REMOVE",
  key: Key,
  before: Item | undefined,
  after: Item | undefined,
): DynamoDBRecord {
  sequence += 1;
  return {
    eventID: randomUUID().replaceAll("-", ""),
    eventName,
    eventVersion: "1.1",
    eventSource: "aws:dynamodb",
    awsRegion: "us-east-1",
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: image(key),
      ...(before ? { OldImage: image(before) } : {}),
      ...(after ? { NewImage: image(after) } : {}),
      SequenceNumber: String(sequence).padStart(21, "0"),
      SizeBytes: 100,
      StreamViewType: "NEW_AND_OLD_IMAGES",
    },
  };
}

/** Remembers what it wrote, so each write yields the record the stream would carry for it. */
export class StreamRecorder {
  private readonly items = new Map<string, Item>();

  /** Puts the item and returns its INSERT (new key) or MODIFY (existing key) record. */
  async put(item: Item & Key): Promise<DynamoDBRecord> {
    const id = `${item.pk}|${item.sk}`;
    const before = this.items.get(id);
    await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    this.items.set(id, item);
    return streamRecord(before ? "MODIFY" : "INSERT", { pk: item.pk, sk: item.sk }, before, item);
  }

  /** Changes some attributes of a stored item (a MODIFY record). */
  async update(key: Key, changes: Item): Promise<DynamoDBRecord> {
    const before = this.items.get(`${key.pk}|${key.sk}`);
    if (!before) throw new Error(`nothing stored at ${key.pk}`);
    return this.put({ ...before, ...changes, pk: key.pk, sk: key.sk });
  }

  /** The item stored at this key, as the recorder last wrote it. */
  current({ pk, sk }: Key): Item | undefined {
    return this.items.get(`${pk}|${sk}`);
  }

  /** Keys of the items the recorder wrote and did not remove. */
  storedKeys(): Key[] {
    return [...this.items.values()].map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  }

  /** Forgets every stored item (after the table was emptied). */
  forget(): void {
    this.items.clear();
  }

  /**
   * Deletes the item and returns its REMOVE record; with `tombstone`, puts the item's tombstone in the
   * same transaction, as a counted kind's delete does (core/src/db/kind.ts).
   */
  async remove({ pk, sk }: Key, { tombstone = false } = {}): Promise<DynamoDBRecord> {
    const id = `${pk}|${sk}`;
    const before = this.items.get(id);
    if (!before) throw new Error(`nothing stored at ${pk}`);
    if (tombstone) {
      const key = tombstoneKey({ pk, sk });
      const expiresAt = Math.floor(Date.now() / 1000) + TOMBSTONE_LIFETIME_SECONDS;
      const item = { pk: String(key.pk), sk: String(key.sk), expiresAt };
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName(), Key: { pk, sk } } },
            { Put: { TableName: tableName(), Item: item } },
          ],
        }),
      );
      this.items.set(`${item.pk}|${item.sk}`, item);
    } else await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk } }));
    this.items.delete(id);
    return streamRecord("REMOVE", { pk, sk }, before, undefined);
  }
}

/**
 * Empties the table (no records: a reset): every item but META, which names a fresh, empty generation
 * (an earlier run's rebuild may have made one active, and its numbers are never reused).
 */
export async function resetTable(recorder: StreamRecorder): Promise<void> {
  const keys: Key[] = [];
  let start: Record<string, unknown> | undefined;
  let meta: Item | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      if (item.pk === statsKeys.meta.pk && item.sk === statsKeys.meta.sk) meta = item;
      else keys.push({ pk: String(item.pk), sk: String(item.sk) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  await Promise.all(keys.map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
  if (meta) {
    const gen = Math.max(Number(meta.lastGen ?? 0), Number(meta.active ?? 0)) + 1;
    const version = Number(meta.version ?? 0) + 1;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...statsKeys.meta, active: gen, lastGen: gen, version },
      }),
    );
  }
  recorder.forget();
}

/** A user item of docs/data-model.md's shape. */
export function userItem(id = newId(), isAdmin = false): Item & Key {
  const now = new Date().toISOString();
  return userKind.item({
    id,
    name: `User ${id}`,
    email: `${id.toLowerCase()}@example.com`,
    passwordHash: "x",
    isAdmin,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  }) as Item & Key;
}

/** A product item of docs/data-model.md's shape. */
export function productItem(category: string, id = newId()): Item & Key {
  const now = new Date().toISOString();
  return productKind.item({
    id,
    slug: `p-${id.toLowerCase()}`,
    name: `Product ${id}`,
    category,
    brand: "Farm",
    priceCents: 250,
    unit: "kg",
    step: 1000,
    countInStock: 5000,
    image: "/images/x.webp",
    images: [],
    description: "d",
    rating: 0,
    numReviews: 0,
    ratingTotal: 0,
    createdAt: now,
    updatedAt: now,
  }) as Item & Key;
}

/** An order item of docs/data-model.md's shape (one line; only the total and date matter here). */
export function orderItem(totalCents: number, createdAt: string, id = newId(), userId = newId()): Item & Key {
  return orderKind.item({
    id,
    userId,
    orderItems: [
      {
        productId: newId(),
        name: "Apple",
        slug: "apple",
        image: "/i.webp",
        priceCents: totalCents,
        unit: "piece",
        step: 1,
        quantity: 1,
      },
    ],
    shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" },
    paymentMethod: "PayPal",
    itemsCents: totalCents,
    shippingCents: 0,
    taxCents: 0,
    totalCents,
    isPaid: false,
    isDelivered: false,
    createdAt,
  }) as Item & Key;
}
