import { toCents } from "@fruit/core/browser/money";
import { setRules } from "@fruit/core/delivery";
import { newId } from "@fruit/core/ids";
import { useFakeClock } from "@fruit/core/internal/clock";
import { transact } from "@fruit/core/internal/db/transact";
import { heldFrom } from "@fruit/core/internal/orders/hold";
import { orderStore } from "@fruit/core/internal/orders/order.store";
import { slotIdOf } from "@fruit/core/internal/slots/delivery.schema";
import { takeSeat } from "@fruit/core/internal/slots/seats";
import { addDays, localDate, weekdayOf } from "@fruit/core/internal/slots/zoned-time";
import { weekTimes } from "@fruit/core/internal/subscriptions/dates";
import { subscriptionStore } from "@fruit/core/internal/subscriptions/subscription.store";
import { openWeek } from "@fruit/core/subscriptions";
import { createProduct, createUser } from "../support/fixtures.ts";
import { address } from "../support/orders.ts";
import { withBenchTable } from "./bench-table.ts";
import { type BenchGroup, round } from "./types.ts";

/**
 * Opening a subscription week (docs/decisions/051-standing-orders.md) against its baseline, the bare
 * placement transaction (orders/placement.store.ts `placementActions`: the order, its line's stock,
 * its hold and its window's seat, sent directly). Opening a week is that transaction with two more
 * items (the week's occurrence and the subscription's version check) and its reads (the
 * subscription, its occurrence, the rules, the window, the customer, the product, the zones): no
 * read-modify-write loop. Both run `IN_FLIGHT` at a time, in alternating halves (bare, opening,
 * bare), over DynamoDB Local in memory; the goal is occurrences ≥ 80 % of bare transactions a second.
 */

/** Subscriptions per BENCH_RUNS: the default 5 runs open 500 weeks; BENCH_RUNS=20 opens 2,000. */
const PER_RUN = 100;
const IN_FLIGHT = 20;

/** Runs `work(i)` for i in [0, n), `IN_FLIGHT` at a time; answers the seconds it took. */
async function pool(n: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

const group: BenchGroup = {
  title: "Opening subscription weeks vs bare placement transactions (DynamoDB Local in memory)",
  async run(context) {
    return withBenchTable(context, "bench-occurrences", async () => {
      const count = PER_RUN * context.runs;
      const customer = await createUser();
      const product = await createProduct({ price: 4.5, countInStock: 1_000_000 });
      // A Tuesday 10:00 window with room for every order, cut-off the day before.
      const zone = "America/Toronto";
      await setRules({
        timeZone: zone,
        bookingDays: 28,
        windows: [{ weekday: 2, start: "10:00", end: "12:00", capacity: 10_000, cutoffMinutes: 1440 }],
        closedDates: [],
        subscriptionLeadHours: 72,
      });
      let date = addDays(localDate(new Date(), zone), 8);
      while (weekdayOf(date) !== 2) date = addDays(date, 1);
      const times = { timeZone: zone, start: "10:00", cutoffMinutes: 1440, leadHours: 72 };
      const { opensAt } = weekTimes(date, times);
      context.log(`storing ${count} subscriptions`);
      const ids: string[] = [];
      await pool(count, async () => {
        const id = newId();
        ids.push(id);
        await subscriptionStore.create({
          id,
          userId: customer._id,
          status: "active",
          items: [{ productId: product._id, unit: "kg", quantity: 1000, substitute: "no" }],
          window: { weekday: 2, start: "10:00", end: "12:00" },
          every: 1,
          startsOn: date,
          shippingAddress: address,
          skips: [],
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          version: 1,
        });
      });
      const clock = useFakeClock(opensAt.getTime() + 60_000);
      try {
        const slotId = slotIdOf(date, "10:00", "12:00");
        const bare = () => {
          const id = newId();
          const line = {
            productId: product._id,
            name: product.name,
            slug: product.slug,
            image: product.image,
            priceCents: toCents(product.price),
            unit: "kg" as const,
            step: 1000,
            quantity: 1000,
          };
          const order = {
            id,
            userId: customer._id,
            orderItems: [line],
            shippingAddress: address,
            paymentMethod: "PayPal" as const,
            itemsCents: line.priceCents,
            shippingCents: 0,
            taxCents: 0,
            totalCents: line.priceCents,
            isPaid: false as const,
            isDelivered: false as const,
            ...heldFrom(new Date(clock.ms), 60),
          };
          return transact(
            orderStore.placementActions({ order, seat: takeSeat(slotId, id, new Date(clock.ms)) }),
          );
        };
        // The window exists before either side runs (opening materialises it otherwise).
        await openWeek(ids[0] as string, date);
        const half = Math.floor(count / 2);
        context.log(`bare transactions (${half}), opening ${count - 1} weeks, bare transactions (${half})`);
        const bareA = await pool(half, bare);
        const opened: string[] = [];
        const opening = await pool(count - 1, async (i) => {
          const outcome = await openWeek(ids[i + 1] as string, date);
          if (outcome !== "placed") throw new Error(`week ${i + 1} answered ${outcome}`);
          opened.push(outcome);
        });
        const bareB = await pool(half, bare);
        const barePerSecond = (2 * half) / (bareA + bareB);
        const openPerSecond = opened.length / opening;
        const note = `${IN_FLIGHT} in flight, one line, a seat; halves: bare, opening, bare`;
        return [
          { name: "bare placement transactions", value: round(barePerSecond, 1), unit: "/s", note },
          {
            name: "subscription weeks opened",
            value: round(openPerSecond, 1),
            unit: "/s",
            note: `${opened.length} weeks`,
          },
          {
            name: "occurrences / bare transactions",
            value: round((100 * openPerSecond) / barePerSecond),
            unit: "%",
            note: "goal ≥ 80 % (issue 43)",
          },
        ];
      } finally {
        clock.restore();
      }
    });
  },
};

export default group;
