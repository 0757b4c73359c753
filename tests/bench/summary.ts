import { BatchWriteCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { rebuildStats } from "@fruit/core/stats";
import { app } from "@fruit/functions/api/index";
import { createUser } from "../support/fixtures.ts";
import { type Item, orderItem } from "../support/stream-events.ts";
import { withBenchTable } from "./bench-table.ts";
import { percentile } from "./load.ts";
import { type BenchContext, type BenchGroup, median, round } from "./types.ts";

const SMALL = 100;
const LARGE = 10_000;
/** Sequential summary calls per measurement. */
const CALLS = 100;
/** Orders are spread over the last DAYS days, so the aggregates hold one item per day. */
const DAYS = 90;

const DAY_MS = 86_400_000;
const order = (i: number) =>
  orderItem(500 + (i % 97) * 25, new Date(Date.now() - (i % DAYS) * DAY_MS).toISOString());

/** BatchWrite of order items (docs/data-model.md shapes), 25 a request, 8 requests in flight. */
async function writeOrders(from: number, to: number): Promise<void> {
  const chunks: Item[][] = [];
  for (let start = from; start < to; start += 25)
    chunks.push(Array.from({ length: Math.min(25, to - start) }, (_, j) => order(start + j)));
  const worker = async () => {
    for (let chunk = chunks.pop(); chunk; chunk = chunks.pop()) {
      let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Median and p99 of CALLS sequential `GET /api/orders/summary` through the Hono app, after a warm-up. */
async function timeSummary(auth: Record<string, string>, expectedOrders: number) {
  const call = async () => {
    const started = performance.now();
    const res = await app.request("/api/orders/summary", { headers: auth });
    const body = (await res.json()) as { orders: { numOrders: number }[] };
    const ms = performance.now() - started;
    if (res.status !== 200 || body.orders[0]?.numOrders !== expectedOrders)
      throw new Error(`summary answered ${res.status} with ${JSON.stringify(body.orders)}`);
    return ms;
  };
  for (let i = 0; i < 10; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push(await call());
  return { median: median(times), p99: percentile(times, 99) };
}

/** The original's approach: Scan every order item and aggregate (count, sales, per day) in code. */
async function scanSummary(): Promise<{ count: number; salesCents: number; days: number }> {
  let count = 0;
  let salesCents = 0;
  const days = new Map<string, { orders: number; salesCents: number }>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "begins_with(pk, :order) AND sk = :sk",
        ExpressionAttributeValues: { ":order": "ORDER#", ":sk": "ORDER" },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const day = String(item.createdAt).slice(0, 10);
      const entry = days.get(day) ?? { orders: 0, salesCents: 0 };
      entry.orders += 1;
      entry.salesCents += item.totalCents as number;
      days.set(day, entry);
      count += 1;
      salesCents += item.totalCents as number;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { count, salesCents, days: days.size };
}

async function timeScan(context: BenchContext): Promise<{ median: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < context.runs; i++) {
    const started = performance.now();
    const { count } = await scanSummary();
    times.push(performance.now() - started);
    if (count !== LARGE) throw new Error(`the scan found ${count} orders, not ${LARGE}`);
  }
  return { median: median(times), p99: Math.max(...times) };
}

/**
 * The dashboard summary's read cost: `GET /api/orders/summary` (through the Hono app, in process)
 * reads one bounded partition of aggregates, so it should stay flat from 100 to 10,000 orders; the
 * scan-and-aggregate approach of the original grows with the table. Orders are written directly with
 * BatchWrite into a fresh table on an in-memory DynamoDB Local and the aggregates rebuilt with core's
 * rebuildStats. (The stream handler's speed is the `stream` group, tests/bench/stream.ts.)
 */
const group: BenchGroup = {
  title: "Dashboard summary: aggregates vs scan",
  async run(context) {
    return withBenchTable(context, "bench-summary", async () => {
      const admin = await createUser({ isAdmin: true });

      context.log(`writing ${SMALL} orders`);
      await writeOrders(0, SMALL);
      await rebuildStats();
      const small = await timeSummary(admin.auth, SMALL);
      context.log(`writing ${LARGE - SMALL} more orders`);
      await writeOrders(SMALL, LARGE);
      await rebuildStats();
      const large = await timeSummary(admin.auth, LARGE);
      context.log(`scanning ${LARGE} orders ${context.runs} times`);
      const scan = await timeScan(context);

      const note = `${CALLS} sequential calls, app.request() in process, orders over ${DAYS} days`;
      return [
        { name: `summary, ${SMALL} orders: median`, value: round(small.median, 2), unit: "ms", note },
        { name: `summary, ${SMALL} orders: p99`, value: round(small.p99, 2), unit: "ms", note: "same run" },
        { name: `summary, ${LARGE} orders: median`, value: round(large.median, 2), unit: "ms", note },
        { name: `summary, ${LARGE} orders: p99`, value: round(large.p99, 2), unit: "ms", note: "same run" },
        {
          name: `scan + aggregate, ${LARGE} orders: median`,
          value: round(scan.median, 1),
          unit: "ms",
          note: `the original's approach, ${context.runs} runs, direct Scan (no HTTP)`,
        },
        {
          name: `scan + aggregate, ${LARGE} orders: max`,
          value: round(scan.p99, 1),
          unit: "ms",
          note: "same run",
        },
        {
          name: `scan / summary at ${LARGE} orders`,
          value: round(scan.median / large.median, 0),
          unit: "x",
          note: "median ratio, same run",
        },
      ];
    });
  },
};

export default group;
