import { app } from "@fruit/functions/api/index";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { orderBody } from "../support/orders.ts";
import { withBenchTable } from "./bench-table.ts";
import { percentile } from "./load.ts";
import { type BenchContext, type BenchGroup, median, round } from "./types.ts";

/**
 * The final charge of a picked order (POST /api/orders/{id}/final; docs/decisions/041-final-charge.md)
 * against its baseline, a refund by amount of the same size (POST /api/orders/{id}/refunds): both
 * reserve on the order, ask PayPal (the test provider) once and complete the refund; the final also
 * rewrites the order's lines and moves stock in its transaction. Through the Hono app over DynamoDB
 * Local, alternating one of each per round on orders paid beforehand.
 */

/** Pairs of orders per BENCH_RUNS (each pair: one final, one refund). */
const PAIRS_PER_RUN = 20;

const json = (user: TestUser, body: unknown) => ({
  method: "POST",
  headers: { ...user.auth, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

async function paidOrder(customer: TestUser, product: Awaited<ReturnType<typeof createProduct>>) {
  const placed = await app.request("/api/orders", json(customer, orderBody([{ product, quantity: 0.75 }])));
  if (placed.status !== 201) throw new Error(`placing answered ${placed.status}`);
  const { order } = (await placed.json()) as { order: { _id: string } };
  const started = await app.request(`/api/orders/${order._id}/paypal`, json(customer, {}));
  const { id } = (await started.json()) as { id: string };
  const paid = await app.request(`/api/orders/${order._id}/pay`, {
    ...json(customer, { id }),
    method: "PUT",
  });
  if (paid.status !== 200) throw new Error(`paying answered ${paid.status}`);
  return order._id;
}

async function timed(call: () => Response | Promise<Response>, expected: number): Promise<number> {
  const started = performance.now();
  const res = await call();
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== expected) throw new Error(`answered ${res.status}, not ${expected}`);
  return ms;
}

async function measure(context: BenchContext) {
  const admin = await createUser({ isAdmin: true });
  const customer = await createUser();
  const cherries = await createProduct({ price: 12.49, countInStock: 100_000, unit: "kg", step: 0.25 });
  const pairs = PAIRS_PER_RUN * context.runs;
  context.log(`placing and paying ${pairs * 2} orders`);
  const orders: string[] = [];
  for (let i = 0; i < pairs * 2; i += 1) orders.push(await paidOrder(customer, cherries));
  const final = (id: string) => () =>
    app.request(`/api/orders/${id}/final`, json(admin, { lines: [{ _id: cherries._id, picked: 0.712 }] }));
  // The same $0.56 the final gives back.
  const refund = (id: string) => () =>
    app.request(
      `/api/orders/${id}/refunds`,
      json(admin, { amount: 0.56, reason: "weight adjustment", restock: false }),
    );
  // Warm-up: one of each, not counted.
  const warm = [orders.pop(), orders.pop()];
  await timed(final(warm[0] as string), 201);
  await timed(refund(warm[1] as string), 201);
  const finals: number[] = [];
  const refunds: number[] = [];
  for (let pair = 0; pair < pairs - 1; pair += 1) {
    const [a, b] = [orders[2 * pair] as string, orders[2 * pair + 1] as string];
    // A B, then B A: both meet the same warm-up and load.
    if (pair % 2 === 0) {
      finals.push(await timed(final(a), 201));
      refunds.push(await timed(refund(b), 201));
    } else {
      refunds.push(await timed(refund(b), 201));
      finals.push(await timed(final(a), 201));
    }
  }
  return { finals, refunds };
}

const group: BenchGroup = {
  title: "Final charge vs a refund of the same amount (Hono app over DynamoDB Local)",
  async run(context) {
    return withBenchTable(context, "bench-final", async () => {
      const { finals, refunds } = await measure(context);
      const [finalMedian, refundMedian] = [median(finals), median(refunds)];
      const note = `${finals.length} of each, alternating`;
      return [
        { name: "final charge, median", value: round(finalMedian), unit: "ms", note },
        { name: "final charge, p99", value: round(percentile(finals, 99)), unit: "ms", note },
        { name: "refund by amount, median", value: round(refundMedian), unit: "ms", note },
        { name: "refund by amount, p99", value: round(percentile(refunds, 99)), unit: "ms", note },
        {
          name: "final / refund (median)",
          value: round(finalMedian / refundMedian, 2),
          unit: "×",
          note: "the final also rewrites the lines and moves stock in its transaction",
        },
      ];
    });
  },
};

export default group;
