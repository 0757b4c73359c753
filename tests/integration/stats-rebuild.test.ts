import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { inGeneration, statsKeys } from "@fruit/core/internal/stats/stats.records";
import { readSummary, rebuildStats } from "@fruit/core/stats";
import { applyStreamRecords } from "@fruit/functions/lambda/stream";
import type { DynamoDBRecord } from "aws-lambda";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItem, productItem, resetTable, StreamRecorder, userItem } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The rules that keep a rebuild exact while the stream handler runs (docs/decisions/020-exact-rebuild.md),
 * each in the one interleaving that needs it; the property test (stats-property.test.ts) mixes them
 * at random.
 */
const recorder = new StreamRecorder();
/** One shard for the file: resetTable empties the table, checkpoint included, before each test. */
const deliver = (...records: DynamoDBRecord[]) => applyStreamRecords(records, { shardId: "shardId-test" });

type Middleware = (items: { Put?: { Item?: Record<string, unknown> } }[]) => Promise<void>;
const MIDDLEWARE = "stats-rebuild-interleave";

/** Runs `before` ahead of every TransactWriteItems core sends (its actions as argument). */
function beforeTransactions(before: Middleware): void {
  db().middlewareStack.add(
    (next) => async (args) => {
      const items = (args.input as { TransactItems?: { Put?: { Item?: Record<string, unknown> } }[] })
        .TransactItems;
      if (items) await before(items);
      return next(args);
    },
    { step: "initialize", name: MIDDLEWARE },
  );
}

const putsTo = (items: { Put?: { Item?: Record<string, unknown> } }[], prefix: string) =>
  items.some((item) => String(item.Put?.Item?.pk ?? "").startsWith(prefix));

const getItem = async (key: { pk: string; sk: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

beforeAll(async () => {
  await useFreshTable("stats-rebuild");
});
beforeEach(async () => {
  await resetTable(recorder);
});
afterEach(() => {
  db().middlewareStack.remove(MIDDLEWARE);
});

describe("a rebuild running alongside the stream", () => {
  it("does not count again a removal whose tombstone its scan found", async () => {
    const user = userItem();
    await deliver(await recorder.put(user));
    const removal = await recorder.remove(user, { tombstone: true });
    await rebuildStats(); // the scan finds the tombstone; the REMOVE is still in the stream
    await deliver(removal);
    expect((await readSummary()).users).toEqual([{ numUsers: 0 }]);
  });

  // Ten rebuilds of a page at a time: a guard sized for a loaded machine, as the README's "Tests" says.
  it("counts the removal of an item it read live on one page and whose tombstone it read on a later one", {
    timeout: 180_000,
  }, async () => {
    // Where a tombstone sorts in the scan is the table's business: remove the order after each page
    // in turn, so that some trial reads the order live first and its tombstone after; the trials end
    // with the first one whose scan had fewer pages than that (every position was tried).
    for (let page = 1; ; page += 1) {
      await resetTable(recorder);
      const users = [userItem(), userItem(), userItem()];
      for (const user of users) await deliver(await recorder.put(user));
      const order = orderItem(700, "2026-02-01T10:00:00.000Z");
      await deliver(await recorder.put(order));
      let removal: DynamoDBRecord | undefined;
      let pages = 0;
      await rebuildStats({
        pageSize: 1,
        onStep: async ({ kind }) => {
          if (kind === "scanned" && ++pages === page)
            removal = await recorder.remove(order, { tombstone: true });
        },
      });
      if (!removal) {
        // Past the scan's last page: nothing was removed, and the order is counted.
        expect(page, "the scan read the table a page at a time").toBeGreaterThan(4);
        expect((await readSummary()).orders).toEqual([{ numOrders: 1, totalSales: 7 }]);
        break;
      }
      await deliver(removal);
      expect((await readSummary()).orders, `removed after page ${page}`).toEqual([
        { numOrders: 0, totalSales: 0 },
      ]);
    }
  });

  it("counts a change made after the scan read the item, and not one made before", async () => {
    const order = orderItem(1_000, "2026-02-01T10:00:00.000Z");
    const placed = await recorder.put(order);
    await rebuildStats(); // the scan sees the order at rev 0; its INSERT arrives after the flip
    const cancelled = await recorder.update(order, {
      isCancelled: true,
      cancelledAt: "2026-02-01T11:00:00.000Z",
      rev: 1,
    });
    await deliver(placed, cancelled);
    expect((await readSummary()).orders).toEqual([{ numOrders: 0, totalSales: 0 }]);
  });

  it("stays exact when a batch's META read came before a whole rebuild (its records are in the scan)", async () => {
    // Nothing pins a commit outside a rebuild: every record of the batch was written before the
    // handler read META, so the rebuild's scan counts them and its fences keep them out of its
    // generation, whichever generation the late commit lands in.
    for (const item of [userItem(), productItem("Fruits")]) {
      await resetTable(recorder);
      const record = await recorder.put(item);
      let rebuilt = false;
      beforeTransactions(async (items) => {
        if (rebuilt || !putsTo(items, "SHARD#")) return;
        rebuilt = true;
        await rebuildStats(); // between the handler's read of META and its commit
      });
      await deliver(record);
      await deliver(record); // and once more, now after the flip: the checkpoint covers it
      db().middlewareStack.remove(MIDDLEWARE);
      expect(rebuilt).toBe(true);
      const summary = await readSummary();
      expect(summary.users).toEqual([{ numUsers: item.sk === "USER" ? 1 : 0 }]);
      expect(summary.productCategories).toEqual(item.sk === "USER" ? [] : [{ _id: "Fruits", count: 1 }]);
      expect(await rebuildStats()).toEqual(summary);
    }
  });

  it("re-applies a journaled batch whose commit came after the flip to the new generation", async () => {
    let arrived: () => void = () => {};
    const atCommit = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release: () => void = () => {};
    const flipped = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    beforeTransactions(async (items) => {
      if (held || !putsTo(items, "JOURNAL#")) return;
      held = true;
      arrived();
      await flipped;
    });
    let delivery: Promise<unknown> | undefined;
    await rebuildStats({
      onStep: async ({ kind }) => {
        if (kind === "written" && !delivery) {
          // Made after the scan: only the journal or the new generation can count it. The handler
          // reads META while the rebuild is open, then waits at its commit until the flip is done.
          delivery = deliver(await recorder.put(userItem()));
          await atCommit;
        }
        if (kind === "flipAttempt") release();
      },
    });
    await delivery;
    expect(held).toBe(true);
    expect((await readSummary()).users).toEqual([{ numUsers: 1 }]);
  });

  it("keeps only the active generation's counters, and the summary reads that one", async () => {
    await deliver(await recorder.put(orderItem(250, "2026-03-01T10:00:00.000Z")));
    await rebuildStats();
    await rebuildStats();
    const meta = await getItem(statsKeys.meta);
    expect(meta?.active).toBe(meta?.lastGen);
    const active = Number(meta?.active);
    expect(await getItem(inGeneration(statsKeys.day("2026-03-01"), active))).toMatchObject({ orders: 1 });
    for (const gen of [0, active - 2, active - 1]) {
      expect(await getItem(inGeneration(statsKeys.day("2026-03-01"), gen))).toBeUndefined();
      expect(await getItem(inGeneration(statsKeys.totals, gen))).toBeUndefined();
    }
    // A late writer re-creating an old generation's item changes nothing the dashboard shows.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: inGeneration(statsKeys.totals, active - 1),
        UpdateExpression: "ADD numOrders :n",
        ExpressionAttributeValues: { ":n": 5 },
      }),
    );
    expect((await readSummary()).orders).toEqual([{ numOrders: 1, totalSales: 2.5 }]);
  });

  it("closes a rebuild that failed: the handler stops journaling and the next rebuild need not wait", async () => {
    const user = userItem();
    const failing = rebuildStats({
      onStep: async ({ kind }) => {
        if (kind === "written") throw new Error("injected: the rebuild's process failed");
      },
    });
    await expect(failing).rejects.toThrow("injected");
    expect((await getItem(statsKeys.meta))?.rebuild).toBeUndefined();
    const record = await recorder.put(user);
    await deliver(record);
    const failedGen = Number((await getItem(statsKeys.meta))?.lastGen);
    expect(await getItem(statsKeys.journal(failedGen, record.eventID ?? ""))).toBeUndefined();
    expect(await rebuildStats()).toMatchObject({ users: [{ numUsers: 1 }] });
    expect((await readSummary()).users).toEqual([{ numUsers: 1 }]);
  });

  it("runs one at a time: 409 while another holds its lease; after the lease, a takeover wins", async () => {
    await deliver(await recorder.put(userItem()));
    await rebuildStats({
      onStep: async ({ kind }) => {
        if (kind === "opened")
          await expect(rebuildStats()).rejects.toMatchObject({ code: "REBUILD_RUNNING" });
      },
    });
    let tookOver = false;
    const first = rebuildStats({
      onStep: async ({ kind }) => {
        if (kind !== "written" || tookOver) return;
        tookOver = true;
        // This rebuild crashed, say: its lease runs out and another one takes over.
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: statsKeys.meta,
            UpdateExpression: "SET #rebuild.leaseUntil = :past",
            ExpressionAttributeNames: { "#rebuild": "rebuild" },
            ExpressionAttributeValues: { ":past": 0 },
          }),
        );
        await rebuildStats();
      },
    });
    await expect(first).rejects.toMatchObject({ code: "REBUILD_RUNNING" });
    expect((await readSummary()).users).toEqual([{ numUsers: 1 }]);
  });
});
