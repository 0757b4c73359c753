import { newId } from "@fruit/core/ids";
import type { Key, UpdateAction } from "@fruit/core/internal/db/kind";
import { mailKind } from "@fruit/core/internal/mails/mail.records";
import { mailStore } from "@fruit/core/internal/mails/mail.store";
import { orderKind } from "@fruit/core/internal/orders/order.records";
import { listOrderMails } from "@fruit/core/mails";
import { recordSesFeedback } from "@fruit/core/mails/feedback";
import type { MailSender, OutgoingMail } from "@fruit/core/mails/ses";
import { mailStreamRecords } from "@fruit/functions/lambda/mail-stream";
import type { DynamoDBRecord } from "aws-lambda";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { countingSender } from "../support/mail-senders.ts";
import { StreamRecorder } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Each order transition is mailed exactly once (docs/decisions/031-order-mails-exactly-once.md): the
 * mail subscriber over DynamoDB Local, with stream records built by hand and a sender that counts.
 */

/**
 * A gate on the storage layer's single-item reads and updates (db/items.ts), passing everything
 * through unless a test arms it (`raceFromStart`): it lets concurrent deliveries be interleaved at a
 * chosen point instead of by luck.
 */
type ItemKey = { pk: string; sk: string };
const gate = vi.hoisted(() => ({
  read: undefined as (<T>(key: ItemKey, read: () => Promise<T>) => Promise<T>) | undefined,
  updated: undefined as ((key: ItemKey) => void) | undefined,
}));

vi.mock("@fruit/core/internal/db/items", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@fruit/core/internal/db/items")>();
  return {
    ...actual,
    getItem: (key: Key, options?: { consistent?: boolean }) => {
      const read = () => actual.getItem(key, options);
      return gate.read ? gate.read(key as ItemKey, read) : read();
    },
    updateItem: async (action: UpdateAction) => {
      const attributes = await actual.updateItem(action);
      gate.updated?.(action.Update.Key as ItemKey);
      return attributes;
    },
  };
});

afterEach(() => {
  gate.read = undefined;
  gate.updated = undefined;
});

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Arms the gate for `racers` concurrent deliveries of one mail: each of them has read the mail's item
 * (the delivery's check, then the claim's own read) and got its answer before any of them goes on,
 * so every one of them tries its conditional claim over the same state, and only the condition can
 * keep all but one from sending. A read of the mail after those two rounds (a loser reading what the
 * winner left) is made once the winner recorded its outcome, so the loser finds it settled.
 */
function raceFromStart(orderId: string, mailKey: string, racers: number): void {
  const mail = mailKind.key(orderId, mailKey);
  const rounds = [deferred(), deferred()];
  const arrived = [0, 0];
  const settled = deferred();
  let reads = 0;
  gate.read = async (key, read) => {
    if (key.pk !== mail.pk || key.sk !== mail.sk) return read();
    const round = Math.floor(reads / racers);
    reads += 1;
    const barrier = rounds[round];
    if (!barrier) {
      await settled.promise;
      return read();
    }
    const answer = await read();
    arrived[round]! += 1;
    if (arrived[round] === racers) barrier.resolve();
    await barrier.promise;
    return answer;
  };
  gate.updated = (key) => {
    if (key.pk === mail.pk && key.sk === mail.sk) settled.resolve();
  };
}

let ann: TestUser;

beforeAll(async () => {
  await useFreshTable("mails", { SHOP_URL: "https://shop.example.com" });
  ann = await createUser({ name: "<img src=x onerror=alert(1)>" });
});

/** An order's life as the stream carries it: placed, paid, delivered (or placed and cancelled). */
async function orderLife(user: TestUser, end: "delivered" | "cancelled") {
  const recorder = new StreamRecorder();
  const id = newId();
  const now = "2026-11-21T14:00:00.000Z";
  const order = orderKind.item({
    id,
    userId: user._id,
    orderItems: [
      {
        productId: "p",
        name: "Kiwi",
        slug: "kiwi",
        image: "/images/k.webp",
        priceCents: 499,
        unit: "kg",
        step: 250,
        quantity: 750,
      },
    ],
    shippingAddress: { fullName: "Ann", address: "1 St", city: "Lyon", postalCode: "1", country: "FR" },
    paymentMethod: "PayPal",
    itemsCents: 374,
    shippingCents: 1000,
    taxCents: 56,
    totalCents: 1430,
    isPaid: false,
    isDelivered: false,
    createdAt: now,
    holdUntil: "2026-11-21T15:00:00.000Z",
  }) as Record<string, unknown> & { pk: string; sk: string };
  const key = { pk: order.pk, sk: order.sk };
  const records: DynamoDBRecord[] = [await recorder.put(order)];
  if (end === "cancelled") {
    records.push(
      await recorder.update(key, { isCancelled: true, cancelledAt: "2026-11-21T15:01:00.000Z", rev: 1 }),
    );
  } else {
    records.push(await recorder.update(key, { paymentStartedAt: now, rev: 1 }));
    records.push(await recorder.update(key, { isPaid: true, paidAt: "2026-11-21T14:10:00.000Z", rev: 2 }));
    records.push(
      await recorder.update(key, { isDelivered: true, deliveredAt: "2026-11-22T09:00:00.000Z", rev: 3 }),
    );
  }
  return { id, records };
}

/** Which mail each one is, by its subject. */
const kinds = (mails: OutgoingMail[]) =>
  mails.map((mail) => /received|receipt|delivered|cancelled/.exec(mail.subject)?.[0]);

describe("order mails, exactly once", () => {
  it("hands records back when a run has too little time left, and mails them once when they come again", async () => {
    const { records } = await orderLife(ann, "delivered");
    const sender = countingSender();
    // Lambda's remaining time before the second and third records: enough, then too little.
    const left = [50_000, 44_000];
    const timeLeft = () => left.shift() ?? 0;
    const first = await mailStreamRecords(records, { send: sender.send }, timeLeft);
    const third = records[2]?.dynamodb?.SequenceNumber;
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: third }] });
    expect(kinds(sender.sent)).toEqual(["received"]);
    // Redelivered from the third record, as Lambda does.
    await mailStreamRecords(records.slice(2), { send: sender.send }, () => 60_000);
    expect(kinds(sender.sent)).toEqual(["received", "receipt", "delivered"]);
  });

  it("mails each transition once: placed, receipt, delivered; a payment started mails nothing", async () => {
    const { id, records } = await orderLife(ann, "delivered");
    const sender = countingSender();
    expect(await mailStreamRecords(records, { send: sender.send })).toEqual({ batchItemFailures: [] });
    expect(sender.sent.map((mail) => mail.subject)).toEqual([
      `Fruit Shop: order ${id} received`,
      `Fruit Shop: receipt for order ${id}`,
      `Fruit Shop: order ${id} delivered`,
    ]);
    expect(sender.sent.every((mail) => mail.to === ann.email)).toBe(true);
    expect(sender.sent[0]!.html).toContain("Hello &lt;img src=x onerror=alert(1)&gt;,");
    expect(sender.sent[1]!.text).toContain("- Kiwi: 0.75 kg x $4.99 / kg = $3.74");
    const mails = await listOrderMails(id);
    expect(mails.map((mail) => [mail.mail, mail.status, mail.attempts])).toEqual([
      ["placed", "sent", 1],
      ["paid", "sent", 1],
      ["delivered", "sent", 1],
    ]);
    expect(mails.every((mail) => mail.sentAt !== null && mail.to === ann.email)).toBe(true);
  });

  it("sends nothing twice for a duplicated batch, a redelivered one, or one bisected and retried in halves", async () => {
    const { records } = await orderLife(ann, "delivered");
    const sender = countingSender();
    await mailStreamRecords([...records, ...records], { send: sender.send }); // duplicated within a batch
    await mailStreamRecords(records, { send: sender.send }); // redelivered whole
    await mailStreamRecords(records.slice(0, 2), { send: sender.send }); // bisected: first half
    await mailStreamRecords(records.slice(2), { send: sender.send }); // second half
    await Promise.all([1, 2, 3].map(() => mailStreamRecords(records, { send: sender.send }))); // concurrent copies
    expect(sender.calls()).toBe(3);
  });

  it("mails a cancellation for non-payment once", async () => {
    const { id, records } = await orderLife(ann, "cancelled");
    const sender = countingSender();
    await mailStreamRecords(records, { send: sender.send });
    await mailStreamRecords(records.slice(1), { send: sender.send });
    expect(sender.sent.map((mail) => mail.subject)).toEqual([
      `Fruit Shop: order ${id} received`,
      `Fruit Shop: order ${id} cancelled`,
    ]);
  });

  it("retries a send SES refused for now, reporting its record, and sends it once when SES takes it", async () => {
    const { id, records } = await orderLife(ann, "delivered");
    const paidRecord = records[2]!;
    const throttled = Object.assign(new Error("slow down"), {
      name: "TooManyRequestsException",
      $metadata: { httpStatusCode: 429 },
    });
    let receiptTries = 0;
    // SES refuses the receipt twice, then takes it.
    const sender = countingSender((mail) =>
      mail.subject.includes("receipt") && ++receiptTries <= 2 ? throttled : undefined,
    );
    // First delivery: the receipt is refused; its record is reported so Lambda redelivers from it.
    const first = await mailStreamRecords(records, { send: sender.send });
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: paidRecord.dynamodb!.SequenceNumber }]);
    expect((await listOrderMails(id)).find((mail) => mail.mail === "paid")).toMatchObject({
      status: "failed",
      attempts: 1,
      error: expect.stringContaining("TooManyRequestsException"),
    });
    // Lambda redelivers from the failed record: refused again, then sent; the delivered mail after it
    // is not sent again.
    const second = await mailStreamRecords(records.slice(2), { send: sender.send });
    expect(second.batchItemFailures).toEqual([{ itemIdentifier: paidRecord.dynamodb!.SequenceNumber }]);
    const third = await mailStreamRecords(records.slice(2), { send: sender.send });
    expect(third.batchItemFailures).toEqual([]);
    await mailStreamRecords(records.slice(2), { send: sender.send });
    // The delivered mail went out in the first batch, after the refused receipt.
    expect(kinds(sender.sent)).toEqual(["received", "delivered", "receipt"]);
    expect(sender.sent.filter((mail) => mail.subject.includes("receipt"))).toHaveLength(1);
    expect((await listOrderMails(id)).find((mail) => mail.mail === "paid")).toMatchObject({
      status: "sent",
      attempts: 3,
    });
  });

  it("does not retry a mail SES refused for good, and does not block the batch", async () => {
    const { id, records } = await orderLife(ann, "cancelled");
    const rejected = Object.assign(new Error("Email address is not verified."), {
      name: "MessageRejected",
      $metadata: { httpStatusCode: 400 },
    });
    const sender = countingSender(() => rejected);
    expect(await mailStreamRecords(records, { send: sender.send })).toEqual({ batchItemFailures: [] });
    await mailStreamRecords(records, { send: sender.send });
    expect(sender.calls()).toBe(2);
    expect((await listOrderMails(id)).map((mail) => mail.status)).toEqual(["rejected", "rejected"]);
  });

  it("never resends a mail whose process died after SES may have accepted it: the claim is declared uncertain", async () => {
    const { id, records } = await orderLife(ann, "cancelled");
    // A death is not an answer: simulate it by leaving the claim `sending` — the sender never returns.
    const hang: MailSender = () => new Promise(() => {});
    void mailStreamRecords(records.slice(0, 1), { send: hang });
    await expect.poll(async () => (await listOrderMails(id))[0]?.status).toBe("sending");
    // The stream redelivers once the lease of that claim ran out: nothing is sent, the mail is in doubt.
    const sender = countingSender();
    const later = () => new Date(Date.now() + 60_000);
    await mailStreamRecords(records.slice(0, 1), { send: sender.send, now: later });
    expect(sender.calls()).toBe(0);
    expect((await listOrderMails(id))[0]).toMatchObject({
      status: "uncertain",
      error: expect.stringContaining("may or may not"),
    });
    // A lost answer (a timeout) is the same doubt, recorded by the sender itself.
    const timeout = Object.assign(new Error("timed out"), { name: "TimeoutError" });
    const timingOut = countingSender(() => timeout);
    await mailStreamRecords(records.slice(1), { send: timingOut.send });
    await mailStreamRecords(records.slice(1), { send: sender.send });
    expect(timingOut.calls()).toBe(1);
    expect(sender.calls()).toBe(0);
    expect((await listOrderMails(id)).map((mail) => mail.status)).toEqual(["uncertain", "uncertain"]);
  });

  it("sends nothing to an address that bounced for good or complained, and nothing for a transient bounce", async () => {
    const bob = await createUser({ name: "Bob" });
    const carl = await createUser({ name: "Carl" });
    expect(
      await recordSesFeedback({
        eventType: "Bounce",
        bounce: {
          bounceType: "Transient",
          bounceSubType: "MailboxFull",
          bouncedRecipients: [{ emailAddress: carl.email }],
          timestamp: "2026-11-21T00:00:00.000Z",
        },
      }),
    ).toBe(0);
    expect(
      await recordSesFeedback({
        eventType: "Complaint",
        complaint: {
          complainedRecipients: [{ emailAddress: bob.email.toUpperCase() }],
          complaintFeedbackType: "abuse",
          timestamp: "2026-11-21T00:00:00.000Z",
        },
      }),
    ).toBe(1);
    const bobs = await orderLife(bob, "cancelled");
    const carls = await orderLife(carl, "cancelled");
    const sender = countingSender();
    await mailStreamRecords([...bobs.records, ...carls.records], { send: sender.send });
    expect(sender.sent.map((mail) => mail.to)).toEqual([carl.email, carl.email]);
    expect((await listOrderMails(bobs.id)).map((mail) => mail.status)).toEqual(["suppressed", "suppressed"]);
  });

  it("sends a new order's first mail once when its first deliveries run together, all before any claim", async () => {
    const { id, records } = await orderLife(ann, "cancelled");
    const sender = countingSender();
    const racers = 5;
    raceFromStart(id, "placed", racers);
    const placed = records.slice(0, 1);
    const answers = await Promise.all(
      Array.from({ length: racers }, () => mailStreamRecords(placed, { send: sender.send })),
    );
    expect(answers).toEqual(Array.from({ length: racers }, () => ({ batchItemFailures: [] })));
    expect(sender.calls()).toBe(1);
    expect(await listOrderMails(id)).toMatchObject([{ mail: "placed", status: "sent", attempts: 1 }]);
  });

  it("resends a mail SES refused for now once when its redeliveries run together, all before any claim", async () => {
    const { id, records } = await orderLife(ann, "cancelled");
    const placed = records.slice(0, 1);
    const throttled = Object.assign(new Error("slow down"), {
      name: "TooManyRequestsException",
      $metadata: { httpStatusCode: 429 },
    });
    await mailStreamRecords(placed, { send: countingSender(() => throttled).send });
    expect(await listOrderMails(id)).toMatchObject([{ status: "failed", attempts: 1 }]);
    const sender = countingSender();
    const racers = 5;
    raceFromStart(id, "placed", racers);
    await Promise.all(Array.from({ length: racers }, () => mailStreamRecords(placed, { send: sender.send })));
    expect(sender.calls()).toBe(1);
    expect(await listOrderMails(id)).toMatchObject([{ mail: "placed", status: "sent", attempts: 2 }]);
  });

  it("lets only the claim's holder record its outcome, and only while it is sending", async () => {
    const orderId = newId();
    const now = "2026-11-21T14:00:00.000Z";
    const outcome = await mailStore.claim(
      { orderId, mailKey: "placed", mail: "placed", to: ann.email },
      "sending",
      now,
    );
    if (!("claimed" in outcome)) throw new Error("a mail nobody claimed yet was taken");
    const held = outcome.claimed;
    // A second writer with another claim token (one that claimed it before, or forged it) cannot settle.
    const other = { ...held, claim: "another-claim" };
    expect(await mailStore.settle(other, { status: "sent", messageId: "m-other" }, now)).toBe(false);
    expect(await mailStore.get(orderId, "placed")).toMatchObject({ status: "sending", claim: held.claim });
    // The holder can, once.
    expect(await mailStore.settle(held, { status: "sent", messageId: "m-1" }, now)).toBe(true);
    expect(await mailStore.settle(held, { status: "uncertain", error: "late" }, now)).toBe(false);
    expect(await mailStore.get(orderId, "placed")).toMatchObject({ status: "sent", messageId: "m-1" });
  });

  it("ignores records of other items and removals", async () => {
    const sender = countingSender();
    const recorder = new StreamRecorder();
    const review = await recorder.put({ pk: `PRODUCT#${newId()}`, sk: `REVIEW#${newId()}`, rating: 5 });
    expect(await mailStreamRecords([review], { send: sender.send })).toEqual({ batchItemFailures: [] });
    expect(sender.calls()).toBe(0);
  });
});
