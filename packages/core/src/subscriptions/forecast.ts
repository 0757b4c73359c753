import { nowDate } from "../clock.ts";
import { orderSeatsStore } from "../delivery/order-seats.store.ts";
import { fromBase, type Unit } from "../money/quantity.ts";
import { isCancelled } from "../orders/order.records.ts";
import { productStore } from "../products/product.store.ts";
import { slotIdOf } from "../slots/delivery.schema.ts";
import { timetable } from "../slots/slots.ts";
import { addDays } from "../slots/zoned-time.ts";
import { subscriptionDates, weekTimes } from "./dates.ts";
import type { SubscriptionRecord } from "./subscription.records.ts";
import type { ForecastDay } from "./subscription.schema.ts";
import { subscriptionStore } from "./subscription.store.ts";
import { ruleWindow, timesOf, wantsWeek } from "./week.ts";

/**
 * The harvest forecast (GET /api/delivery/forecast, admin; docs/decisions/051-standing-orders.md):
 * per window date of the next `weeks` weeks, what the grower must pick — the placed orders of the
 * window (unpaid or paid, not cancelled: pattern 43 and the orders) and the active subscriptions
 * whose week has not opened yet, less their skips, pauses and the shop's closed dates. A week that
 * opened counts by its order, so an opened week is never counted twice.
 */

interface Total {
  _id: string;
  name: string;
  unit: Unit;
  base: number;
}

/** Adds `base` units of a product to a window's totals. */
function add(totals: Map<string, Total>, line: Omit<Total, "base">, base: number): void {
  const total = totals.get(line._id) ?? { ...line, base: 0 };
  total.base += base;
  totals.set(line._id, total);
}

/** Every active subscription, page by page (pattern 67). */
async function activeSubscriptions(): Promise<SubscriptionRecord[]> {
  const all: SubscriptionRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await subscriptionStore.activePage(start);
    all.push(...page.items);
    start = page.next;
  } while (start);
  return all;
}

export async function deliveryForecast(weeks = 4, now: Date = nowDate()): Promise<ForecastDay[]> {
  const table = await timetable(now, (today) => addDays(today, weeks * 7 - 1));
  const last = addDays(table.today, weeks * 7 - 1);
  const slots = table.slots.filter((slot) => slot.date <= last);
  const totals = new Map(slots.map((slot) => [slot.id, new Map<string, Total>()]));
  // The placed orders of each window.
  await Promise.all(
    slots.map(async (slot) => {
      const orders = await orderSeatsStore.ordersOf(await orderSeatsStore.orderIdsOf(slot.id));
      const byProduct = totals.get(slot.id);
      if (!byProduct) return;
      for (const order of orders) {
        if (isCancelled(order)) continue;
        for (const line of order.orderItems)
          add(byProduct, { _id: line.productId, name: line.name, unit: line.unit }, line.quantity);
      }
    }),
  );
  // The subscriptions' weeks not opened yet.
  const rules = table.rules;
  const closed = new Set(rules?.closedDates ?? []);
  const weeksDue: { sub: SubscriptionRecord; date: string; slotId: string; opened: boolean }[] = [];
  for (const sub of rules ? await activeSubscriptions() : []) {
    if (!ruleWindow(rules, sub.window)) continue;
    const times = timesOf(rules, sub.window);
    for (const date of subscriptionDates(sub, table.today, last)) {
      const slotId = slotIdOf(date, sub.window.start, sub.window.end);
      if (!wantsWeek(sub, date) || closed.has(date) || !totals.has(slotId)) continue;
      const { opensAt, cutoffAt } = weekTimes(date, times);
      if (now >= cutoffAt) continue;
      weeksDue.push({ sub, date, slotId, opened: now >= opensAt });
    }
  }
  // A week past its opening time counts by its order once it has an occurrence (opened or recorded).
  const occurrences = new Set(
    (
      await subscriptionStore.getOccurrences(
        weeksDue.filter((w) => w.opened).map((w) => ({ subscriptionId: w.sub.id, date: w.date })),
      )
    ).map((o) => `${o.subscriptionId}#${o.date}`),
  );
  const pending = weeksDue.filter((w) => !occurrences.has(`${w.sub.id}#${w.date}`));
  const productIds = [...new Set(pending.flatMap((w) => w.sub.items.map((item) => item.productId)))];
  const products = new Map((await productStore.getMany(productIds)).map((p) => [p.id, p]));
  for (const { sub, slotId } of pending) {
    const byProduct = totals.get(slotId);
    for (const item of sub.items) {
      const product = products.get(item.productId);
      if (!byProduct || !product) continue;
      add(byProduct, { _id: product.id, name: product.name, unit: product.unit }, item.quantity);
    }
  }
  return slots.map((slot) => ({
    date: slot.date,
    start: slot.start,
    end: slot.end,
    products: [...(totals.get(slot.id)?.values() ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ _id, name, unit, base }) => ({ _id, name, unit, quantity: fromBase(unit, base) })),
  }));
}
