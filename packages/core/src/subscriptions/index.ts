import * as v from "valibot";
import { nowDate } from "../clock.ts";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { type Cancelled, tryTransact } from "../db/transact.ts";
import { AppError, fieldError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { priceCents, toDollars } from "../money/pricing.ts";
import { formatQuantity, fromBase, isWholeSteps, toBase } from "../money/quantity.ts";
import { unknownProduct } from "../orders/lines.ts";
import { weekLines } from "../orders/occurrence.ts";
import { isHeld } from "../orders/order.records.ts";
import { orderStore } from "../orders/order.store.ts";
import { placementPricing, ruleFor } from "../orders/zone-pricing.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import { productStore } from "../products/product.store.ts";
import type { RulesRecord } from "../slots/delivery.records.ts";
import { describeSlot, slotIdOf, slotRefOf } from "../slots/delivery.schema.ts";
import { deliveryStore } from "../slots/delivery.store.ts";
import { addDays, localDate } from "../slots/zoned-time.ts";
import type { Caller } from "../users/caller.ts";
import { userStore } from "../users/user.store.ts";
import { beforeCutoff, isSubscriptionDate, subscriptionDates, weekTimes } from "./dates.ts";
import { openWeek } from "./occurrences.ts";
import type { SubscriptionRecord } from "./subscription.records.ts";
import type {
  NewSubscriptionInput,
  NextBox,
  Subscription,
  SubscriptionChange,
  SubscriptionItemInput,
  SubscriptionListQuery,
} from "./subscription.schema.ts";
import { MAX_SKIPS } from "./subscription.schema.ts";
import { subscriptionStore } from "./subscription.store.ts";
import { ruleWindow, timesOf, wantsWeek } from "./week.ts";

export { deliveryForecast } from "./forecast.ts";
export { openWeek, type ReconcileReport, reconcileSubscriptions } from "./occurrences.ts";

/**
 * Subscriptions — standing weekly orders (docs/product.md §12, docs/decisions/051-standing-orders.md):
 * the customer's own, created, read, changed, paused, skipped a week at a time and cancelled through
 * the API; each week's order is placed by occurrences.ts.
 */

const notFound = () => new AppError("NOT_FOUND", "Subscription not found");
const changing = () =>
  new AppError("CHANGED_MEANWHILE", "The subscription changed meanwhile, please try again");
const cancelledRefusal = () =>
  new AppError("SUBSCRIPTION_CANCELLED", "This subscription was cancelled; start a new one instead");

/** How far ahead the next box is looked for (a subscription paused for longer has none). */
const NEXT_HORIZON_DAYS = 366;

/** The rules and the shop's today, read once per request. */
interface Context {
  rules: RulesRecord | undefined;
  now: Date;
  today: string;
}

async function context(now: Date = nowDate()): Promise<Context> {
  const rules = await deliveryStore.getRules();
  return { rules, now, today: localDate(now, rules?.timeZone ?? "UTC") };
}

/** 409 unless `window` is one of the delivery rules' weekly windows. */
function assertOffered(ctx: Context, window: SubscriptionRecord["window"]): void {
  if (ruleWindow(ctx.rules, window)) return;
  throw new AppError(
    "WINDOW_NOT_OFFERED",
    `The shop has no weekly delivery window on weekday ${window.weekday} from ${window.start} to ${window.end}`,
  );
}

/**
 * The items as POST /api/orders checks its lines: every product known (400 UNKNOWN_PRODUCT), each
 * quantity a whole number of its product's steps (400 naming `items.<i>.quantity`); one product's
 * lines merged. Stored in base units.
 */
async function storedItems(items: readonly SubscriptionItemInput[]): Promise<SubscriptionRecord["items"]> {
  const products = new Map((await productStore.getMany(items.map((i) => i._id))).map((p) => [p.id, p]));
  const merged = new Map<string, SubscriptionRecord["items"][number]>();
  items.forEach((item, index) => {
    const product = isId(item._id) ? products.get(item._id) : undefined;
    if (!product) throw unknownProduct({ ...item, quantity: item.quantity });
    const quantity = toBase(product.unit, item.quantity);
    if (quantity === undefined || !isWholeSteps(quantity, product.step)) {
      const step = formatQuantity(product.unit, fromBase(product.unit, product.step));
      throw fieldError(
        `items.${index}.quantity`,
        `${product.name} is sold in steps of ${step}, and ${formatQuantity(product.unit, item.quantity)} is not a whole number of them`,
      );
    }
    const seen = merged.get(product.id);
    merged.set(product.id, {
      productId: product.id,
      unit: product.unit,
      quantity: (seen?.quantity ?? 0) + quantity,
      substitute: seen && seen.substitute === "no" ? "no" : (item.substitute ?? "no"),
    });
  });
  return [...merged.values()];
}

/** The next box at `ctx.now`: the first date whose cut-off is ahead, delivered (not skipped, paused or closed). */
async function nextBox(sub: SubscriptionRecord, ctx: Context): Promise<NextBox | null> {
  if (sub.status !== "active") return null;
  const times = timesOf(ctx.rules, sub.window);
  const window = ruleWindow(ctx.rules, sub.window);
  if (!window || !ctx.rules) return null;
  const closed = new Set(ctx.rules.closedDates);
  const date = subscriptionDates(sub, addDays(ctx.today, -1), addDays(ctx.today, NEXT_HORIZON_DAYS)).find(
    (d) => wantsWeek(sub, d) && !closed.has(d) && beforeCutoff(d, times, ctx.now),
  );
  if (!date) return null;
  const { cutoffAt, opensAt } = weekTimes(date, times);
  const { lines } = await weekLines(sub.items);
  const pricing = await placementPricing(sub.shippingAddress);
  const ref = slotRefOf(slotIdOf(date, sub.window.start, sub.window.end));
  const total = lines.length === 0 ? 0 : priceCents(lines, ruleFor(pricing, lines, ref)).totalCents;
  return {
    date,
    cutoffAt: cutoffAt.toISOString(),
    opensAt: opensAt.toISOString(),
    estimatedTotal: toDollars(total),
  };
}

/** A stored subscription → the API's, with its customer and next box. */
async function toSubscription(
  sub: SubscriptionRecord,
  user: Subscription["user"],
  ctx: Context,
): Promise<Subscription> {
  const paused = sub.pausedUntil !== undefined && sub.pausedUntil > ctx.today;
  const names = new Map(
    (await productStore.getMany(sub.items.map((item) => item.productId))).map((p) => [p.id, p.name]),
  );
  return {
    _id: sub.id,
    user,
    status: sub.status === "cancelled" ? "cancelled" : paused ? "paused" : "active",
    items: sub.items.map((item) => ({
      _id: item.productId,
      quantity: fromBase(item.unit, item.quantity),
      substitute: item.substitute,
      name: names.get(item.productId) ?? null,
    })),
    window: sub.window,
    every: sub.every,
    startsOn: sub.startsOn,
    endsOn: sub.endsOn ?? null,
    shippingAddress: sub.shippingAddress,
    pausedUntil: sub.pausedUntil ?? null,
    skips: sub.skips.filter((date) => date >= ctx.today).sort(),
    next: await nextBox(sub, ctx),
    createdAt: sub.createdAt,
    cancelledAt: sub.cancelledAt ?? null,
  };
}

const asUser = (caller: Caller) => ({ _id: caller._id, name: caller.name });

/** The subscription if the caller may see it (its customer or an administrator), else 404. */
async function readable(caller: Caller, id: string): Promise<SubscriptionRecord> {
  const sub = isId(id) ? await subscriptionStore.get(id) : undefined;
  if (!sub || (sub.userId !== caller._id && !caller.isAdmin)) throw notFound();
  return sub;
}

/** The answer for the caller: its own name, or the customer's current one for an administrator. */
async function answer(caller: Caller, sub: SubscriptionRecord, ctx: Context): Promise<Subscription> {
  const user =
    sub.userId === caller._id
      ? asUser(caller)
      : ((await userStore.namesById([sub.userId])).get(sub.userId) ?? null);
  return toSubscription(sub, user, ctx);
}

/** POST /api/subscriptions: a new active subscription of the caller (201). */
export async function createSubscription(caller: Caller, input: NewSubscriptionInput): Promise<Subscription> {
  const ctx = await context();
  assertOffered(ctx, input.window);
  const items = await storedItems(input.items);
  const at = ctx.now.toISOString();
  const sub: SubscriptionRecord = {
    id: newId(),
    userId: caller._id,
    status: "active",
    items,
    window: input.window,
    every: input.every,
    startsOn: input.startsOn,
    ...(input.endsOn ? { endsOn: input.endsOn } : {}),
    shippingAddress: input.shippingAddress,
    skips: [],
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await subscriptionStore.create(sub);
  return toSubscription(sub, asUser(caller), ctx);
}

/** GET /api/subscriptions/{id}: its customer or an administrator. */
export async function subscriptionForCaller(caller: Caller, id: string): Promise<Subscription> {
  const sub = await readable(caller, id);
  return answer(caller, sub, await context());
}

const PositionSchema = v.record(v.string(), v.string());

/** GET /api/subscriptions/mine: a page of the caller's subscriptions, newest first. */
export async function listMySubscriptions(
  caller: Caller,
  query: SubscriptionListQuery = {},
): Promise<ListAnswer<Subscription>> {
  const scope = { list: "subscriptions/mine", callerId: caller._id };
  const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
  const page = await subscriptionStore.listOfUser(caller._id, {
    limit: query.limit ?? LIST_LIMIT_DEFAULT,
    ...(start ? { start } : {}),
  });
  const ctx = await context();
  return {
    items: await Promise.all(page.items.map((sub) => toSubscription(sub, asUser(caller), ctx))),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** GET /api/subscriptions (admin): a page of every subscription, newest first. */
export async function listSubscriptions(
  query: SubscriptionListQuery = {},
): Promise<ListAnswer<Subscription>> {
  const scope = { list: "subscriptions" };
  const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
  const page = await subscriptionStore.listAll({
    limit: query.limit ?? LIST_LIMIT_DEFAULT,
    ...(start ? { start } : {}),
  });
  const ctx = await context();
  const users = await userStore.namesById(page.items.map((sub) => sub.userId));
  return {
    items: await Promise.all(
      page.items.map((sub) => toSubscription(sub, users.get(sub.userId) ?? null, ctx)),
    ),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** The subscription after a change: its version moved, its past skips dropped. */
const changed = (
  sub: SubscriptionRecord,
  ctx: Context,
  fields: Partial<SubscriptionRecord>,
): SubscriptionRecord => ({
  ...sub,
  ...fields,
  skips: (fields.skips ?? sub.skips).filter((date) => date >= addDays(ctx.today, -1)),
  updatedAt: ctx.now.toISOString(),
  version: sub.version + 1,
});

/** A change written, retried on a lost race: `write` answers the new record and its transaction's refusal. */
async function rewrite(
  caller: Caller,
  id: string,
  write: (sub: SubscriptionRecord, ctx: Context) => Promise<SubscriptionRecord | typeof AGAIN>,
): Promise<Subscription> {
  return retrying(
    "changedMeanwhile",
    async () => {
      const sub = await readable(caller, id);
      if (sub.status === "cancelled") throw cancelledRefusal();
      const ctx = await context();
      const next = await write(sub, ctx);
      return next === AGAIN ? AGAIN : answer(caller, next, ctx);
    },
    giveUp(changing),
  );
}

/** Writes `next` over `sub` with `also`; AGAIN when either lost a race. */
async function commit(
  sub: SubscriptionRecord,
  next: SubscriptionRecord,
  also: Parameters<typeof subscriptionStore.change>[2] = [],
): Promise<SubscriptionRecord | typeof AGAIN> {
  const refused: Cancelled | undefined = await subscriptionStore.change(next, sub.version, also);
  return refused ? AGAIN : next;
}

/**
 * PUT /api/subscriptions/{id}: new items, window, cadence, end, address or pause. It applies to the
 * weeks not yet opened: a week whose order is placed keeps it.
 */
export async function changeSubscription(
  caller: Caller,
  id: string,
  change: SubscriptionChange,
): Promise<Subscription> {
  return rewrite(caller, id, async (sub, ctx) => {
    if (change.window) assertOffered(ctx, change.window);
    const items = change.items ? await storedItems(change.items) : undefined;
    const { endsOn, pausedUntil } = change;
    const next = changed(sub, ctx, {
      ...(items ? { items } : {}),
      ...(change.window ? { window: change.window } : {}),
      ...(change.every ? { every: change.every } : {}),
      ...(change.shippingAddress ? { shippingAddress: change.shippingAddress } : {}),
    });
    if (endsOn === null) delete next.endsOn;
    else if (endsOn !== undefined) next.endsOn = endsOn;
    if (pausedUntil === null) delete next.pausedUntil;
    else if (pausedUntil !== undefined) next.pausedUntil = pausedUntil;
    if (next.endsOn !== undefined && next.endsOn < next.startsOn)
      throw fieldError("endsOn", "must not be before startsOn");
    return commit(sub, next);
  });
}

/** The weeks of a subscription whose order is placed and whose cut-off is ahead: what a cancel withdraws. */
async function openOrders(sub: SubscriptionRecord, ctx: Context, dates?: readonly string[]) {
  const times = timesOf(ctx.rules, sub.window);
  const candidates = (dates ?? subscriptionDates(sub, addDays(ctx.today, -1), addDays(ctx.today, 15))).filter(
    (d) => beforeCutoff(d, times, ctx.now),
  );
  const found = await subscriptionStore.getOccurrences(
    candidates.map((date) => ({ subscriptionId: sub.id, date })),
  );
  return found.filter((o) => o.status === "placed" && o.orderId);
}

/**
 * Withdraws the placed, unpaid order of a week with the subscription's own change, in one
 * transaction: stock and seat come back once. 409 when the order is paid or being paid.
 */
async function withdrawWith(
  sub: SubscriptionRecord,
  next: SubscriptionRecord,
  occurrence: Awaited<ReturnType<typeof openOrders>>[number],
  ctx: Context,
): Promise<SubscriptionRecord | typeof AGAIN> {
  const order = occurrence.orderId ? await orderStore.get(occurrence.orderId) : undefined;
  const also = [
    subscriptionStore.replace(next, sub.version),
    subscriptionStore.withdrawOccurrence(occurrence, ctx.now.toISOString()),
  ];
  if (!order || !isHeld(order)) {
    if (order?.isPaid)
      throw new AppError(
        "ALREADY_PAID",
        `The box of ${occurrence.date} is already paid; ask the shop to cancel and refund it`,
      );
    // Cancelled already (its hold ran out): only the week's record moves.
    return (await tryTransact(also)) ? AGAIN : next;
  }
  if (order.paymentStartedAt !== undefined)
    throw new AppError("ALREADY_PAID", `The box of ${occurrence.date} is being paid`);
  return (await orderStore.withdraw(order, ctx.now, also)) === "withdrawn" ? next : AGAIN;
}

/**
 * DELETE /api/subscriptions/{id}: cancels the subscription and withdraws its unpaid open week's
 * order (stock and seat come back once). Cancelling a cancelled one answers it as it is.
 */
export async function cancelSubscription(caller: Caller, id: string): Promise<Subscription> {
  return retrying(
    "changedMeanwhile",
    async () => {
      const sub = await readable(caller, id);
      const ctx = await context();
      if (sub.status === "cancelled") return answer(caller, sub, ctx);
      const next = changed(sub, ctx, { status: "cancelled", cancelledAt: ctx.now.toISOString() });
      const [open] = await openOrders(sub, ctx);
      const written = open ? await withdrawWith(sub, next, open, ctx) : await commit(sub, next);
      return written === AGAIN ? AGAIN : answer(caller, written, ctx);
    },
    giveUp(changing),
  );
}

/** 409 unless `date` is one of the subscription's dates, and its cut-off is ahead (the server's clock). */
function assertChangeableWeek(sub: SubscriptionRecord, date: string, ctx: Context): void {
  if (!isSubscriptionDate(sub, date))
    throw new AppError("NOT_A_DELIVERY_DATE", `${date} is not a delivery date of this subscription`);
  const times = timesOf(ctx.rules, sub.window);
  if (!beforeCutoff(date, times, ctx.now)) {
    const cutoff = weekTimes(date, times).cutoffAt;
    throw new AppError(
      "CUTOFF_PASSED",
      `The box of ${date} can no longer change: its cut-off was ${cutoff.toISOString()}`,
      {
        deliverySlotId: slotIdOf(date, sub.window.start, sub.window.end),
      },
    );
  }
}

/**
 * POST /api/subscriptions/{id}/skips: skips the week of `date`, up to its cut-off (409 after it). A
 * week already open has its unpaid order withdrawn in the same transaction. Skipping a skipped week
 * answers the subscription as it is.
 */
export async function skipWeek(caller: Caller, id: string, date: string): Promise<Subscription> {
  return rewrite(caller, id, async (sub, ctx) => {
    assertChangeableWeek(sub, date, ctx);
    if (sub.skips.includes(date)) return sub;
    if (sub.skips.filter((d) => d >= ctx.today).length >= MAX_SKIPS)
      throw fieldError("date", `At most ${MAX_SKIPS} weeks can be skipped ahead`);
    const next = changed(sub, ctx, { skips: [...sub.skips, date].sort() });
    const occurrence = await subscriptionStore.getOccurrence(sub.id, date);
    if (occurrence?.status === "placed") return withdrawWith(sub, next, occurrence, ctx);
    // Not opened yet: the skip holds only while no opening lands meanwhile (it would be withdrawn then).
    return commit(sub, next, occurrence ? [] : [subscriptionStore.notOpened(sub.id, date)]);
  });
}

/**
 * DELETE /api/subscriptions/{id}/skips/{date}: takes a skip back before the week's cut-off (409
 * after it, and when its window is full). A week already open is placed at once.
 */
export async function unskipWeek(caller: Caller, id: string, date: string): Promise<Subscription> {
  const written = await rewrite(caller, id, async (sub, ctx) => {
    assertChangeableWeek(sub, date, ctx);
    if (!sub.skips.includes(date)) return sub;
    const slot = await deliveryStore.getSlot(slotIdOf(date, sub.window.start, sub.window.end));
    if (slot && slot.booked >= slot.capacity) {
      throw new AppError("SLOT_FULL", `The delivery window ${describeSlot(slot)} is full`, {
        deliverySlotId: slot.id,
      });
    }
    return commit(sub, changed(sub, ctx, { skips: sub.skips.filter((d) => d !== date) }));
  });
  // A week open now is placed at once (a week not opened yet opens with the others).
  if ((await openWeek(id, date)) === "placed") return subscriptionForCaller(caller, id);
  return written;
}
