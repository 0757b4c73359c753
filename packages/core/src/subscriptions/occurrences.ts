import { nowDate, nowMs } from "../clock.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { tryTransact } from "../db/transact.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale.ts";
import { log } from "../log.ts";
import { type ProductsRead, placeOccurrence, readProducts } from "../orders/occurrence.ts";
import { isHeld } from "../orders/order.records.ts";
import { orderStore } from "../orders/order.store.ts";
import type { RulesRecord, SlotRecord } from "../slots/delivery.records.ts";
import { slotIdOf, slotRefOf } from "../slots/delivery.schema.ts";
import { deliveryStore } from "../slots/delivery.store.ts";
import { ruleSlot } from "../slots/slots.ts";
import { localDate } from "../slots/zoned-time.ts";
import { userStore } from "../users/user.store.ts";
import { isSubscriptionDate, openDates, weekTimes } from "./dates.ts";
import type { OccurrenceRecord, OccurrenceState, SubscriptionRecord } from "./subscription.records.ts";
import { subscriptionStore } from "./subscription.store.ts";
import { ruleWindow, timesOf, wantsWeek } from "./week.ts";

/**
 * Opening a subscription's weeks (docs/decisions/051-standing-orders.md). A week opens
 * `subscriptionLeadHours` before its window's cut-off: its one order is placed through the placement
 * transaction every order goes through, with the week's occurrence claimed in it, so a subscription
 * and date get exactly one order whatever runs twice, crashes or races. Nothing here asks "what
 * happened in the last hour": the reconcile pass (`reconcileSubscriptions`, run by the scheduled
 * expiry sweep) looks at every active subscription's weeks open now and opens any that has no
 * occurrence yet — a stopped scheduler, a crash mid-opening or a redelivered schedule leaves nothing
 * behind and doubles nothing.
 */

/** What opening one week did. */
export type WeekOutcome = "placed" | "exists" | "not due" | Exclude<OccurrenceState, "placed" | "withdrawn">;

/** 12 hours before the cut-off, an unpaid week's order gets its reminder. */
export const REMINDER_BEFORE_CUTOFF_MS = 12 * 3_600_000;

/**
 * Records a week that places no order (`status`, and why), with the subscription still at the version
 * read; its notice mail follows from the record (occurrence.mails.ts). `again` when the subscription
 * changed meanwhile.
 */
async function recordWeek(
  sub: SubscriptionRecord,
  date: string,
  status: Exclude<OccurrenceState, "placed" | "withdrawn">,
  reason: string,
  now: Date,
): Promise<WeekOutcome | typeof AGAIN> {
  const claim = subscriptionStore.claimOccurrence({
    subscriptionId: sub.id,
    date,
    userId: sub.userId,
    status,
    reason,
    at: now.toISOString(),
  });
  const guard = subscriptionStore.versionCheck(sub);
  const refused = await tryTransact([claim, guard]);
  if (!refused) return status;
  if (refused.failed(claim)) return "exists";
  return AGAIN;
}

/** The slot of a week, materialised from the rules if no one listed it yet. */
async function slotOf(rules: RulesRecord, window: RulesRecord["windows"][number], date: string) {
  const id = slotIdOf(date, window.start, window.end);
  const found = await deliveryStore.getSlot(id);
  if (found) return found;
  await deliveryStore.createSlots([ruleSlot(window, date, rules.timeZone)]);
  return deliveryStore.getSlot(id);
}

/** What opening a week reads besides its subscription: each may have been read for a whole page. */
interface WeekReads {
  rules: RulesRecord | undefined;
  /** The week's window slot (materialised from the rules if no one listed it yet). */
  slot: (window: RulesRecord["windows"][number], date: string) => Promise<SlotRecord | undefined>;
  customer: { id: string; name: string; locale?: Locale | undefined } | undefined;
  /** The products of its lines, when read for the page (otherwise read with the week). */
  products?: ProductsRead;
}

/**
 * Opens one week of `sub` (read) with `reads`: places its order, or records why none is placed.
 * `AGAIN` when something read changed meanwhile (the subscription, a product, the window): the
 * caller reads again.
 */
async function openWith(
  sub: SubscriptionRecord,
  date: string,
  now: Date,
  reads: WeekReads,
): Promise<WeekOutcome | typeof AGAIN> {
  const { rules } = reads;
  const window = ruleWindow(rules, sub.window);
  if (!rules || !window || rules.closedDates.includes(date))
    return recordWeek(sub, date, "closed", "The shop does not deliver in this window that day", now);
  const slot = await reads.slot(window, date);
  if (!slot || slot.closed)
    return recordWeek(sub, date, "closed", "The shop closed this delivery window", now);
  if (slot.booked >= slot.capacity)
    return recordWeek(sub, date, "no seat", "The delivery window is full", now);
  const user = reads.customer;
  if (!user) return recordWeek(sub, date, "refused", "The account was deleted", now);
  const id = sub.id;
  const outcome = await placeOccurrence(
    {
      customer: { _id: user.id, name: user.name },
      locale: user.locale ?? DEFAULT_LOCALE,
      subscription: { id, date },
      lines: sub.items,
      shippingAddress: sub.shippingAddress,
      window: slotRefOf(slot.id),
      holdUntil: slot.cutoffAt,
      occurrence: (orderId) => ({
        claim: subscriptionStore.claimOccurrence({
          subscriptionId: id,
          date,
          userId: sub.userId,
          status: "placed",
          orderId,
          at: now.toISOString(),
        }),
        guard: subscriptionStore.versionCheck(sub),
      }),
    },
    now,
    reads.products,
  );
  switch (outcome.kind) {
    case "placed":
      return "placed";
    case "taken":
      return "exists";
    case "empty":
      return recordWeek(sub, date, "empty", "Nothing of this box is available this week", now);
    case "refused":
      return recordWeek(sub, date, "refused", outcome.reason, now);
    case "slot":
    case "changed":
    case "conflict":
      // The window filled or closed, the subscription or a product changed: decided again.
      return AGAIN;
  }
}

/** Whether `sub`'s week of `date` is to be opened at `now`: active, due, wanted, open and not past its cut-off. */
function dueNow(
  sub: SubscriptionRecord | undefined,
  rules: RulesRecord | undefined,
  date: string,
  now: Date,
) {
  if (sub?.status !== "active" || !isSubscriptionDate(sub, date) || !wantsWeek(sub, date)) return false;
  const { cutoffAt, opensAt } = weekTimes(date, timesOf(rules, sub.window));
  return now >= opensAt && now < cutoffAt;
}

/**
 * Opens the week of `date` of subscription `id` at `now`, once: places its order, or records why none
 * is placed (closed, nothing available, no seat, refused). A week skipped, paused, not due or already
 * opened is left as it is. Safe to run any number of times, also at once. Reads everything itself,
 * strongly consistent (the reconcile pass opens a page of weeks from one set of reads: openWeeks).
 */
export async function openWeek(id: string, date: string, now: Date = nowDate()): Promise<WeekOutcome> {
  return retrying<WeekOutcome>(
    "changedMeanwhile",
    async () => {
      const sub = await subscriptionStore.get(id);
      const rules = await deliveryStore.getRules();
      if (!sub || !dueNow(sub, rules, date, now)) return "not due";
      const existing = await subscriptionStore.getOccurrence(id, date);
      if (existing && existing.status !== "withdrawn") return "exists";
      const user = await userStore.get(sub.userId);
      return openWith(sub, date, now, {
        rules,
        slot: (window, day) => slotOf(rules as RulesRecord, window, day),
        customer: user && { id: user.id, name: user.name, locale: user.locale },
      });
    },
    // Still changing after every try: left for the next run.
    giveUp(() => new Error(`subscription ${id} week ${date} kept changing`)),
  );
}

/** How many weeks of a page the reconcile pass opens at once. */
export const OPENING_IN_FLIGHT = 20;

/** Runs `work` on each of `items`, `OPENING_IN_FLIGHT` at a time, settled like Promise.allSettled. */
async function settledInFlight<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = { status: "fulfilled", value: await work(items[index] as T) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPENING_IN_FLIGHT, items.length) }, worker));
  return results;
}

/** A week the reconcile pass looks at: its subscription as read, its date and cut-off. */
interface PassWeek {
  sub: SubscriptionRecord;
  date: string;
  cutoffAt: Date;
}

/** A page of the reconcile pass, read: its subscriptions, its placed weeks, its weeks to open and their reads. */
interface PassPage {
  page: { items: SubscriptionRecord[]; next: Record<string, unknown> | undefined };
  reminders: { week: PassWeek; occurrence: OccurrenceRecord }[];
  toOpen: PassWeek[];
  reads: PageReads;
}

/** The reads of a page of weeks to open: their customers and products, in one batch read each. */
type PageReads = Pick<WeekReads, "products"> & { customers: Map<string, WeekReads["customer"]> };

const readForOpening = async (weeks: readonly PassWeek[]): Promise<PageReads> => {
  if (weeks.length === 0) return { customers: new Map(), products: new Map() };
  const [customers, products] = await Promise.all([
    userStore.customersById(weeks.map((w) => w.sub.userId)),
    readProducts(weeks.flatMap((w) => w.sub.items)),
  ]);
  return { customers, products };
};

/**
 * Opens weeks of a page of subscriptions as read by the reconcile pass, with one set of reads for
 * them all (issue 43's performance rule: one placement transaction per week and no read per week):
 * `reads` (the customers and the products), and `slot`, each window's slot read once for the pass.
 * A week whose reads no longer hold (its subscription, a product or its window changed: the
 * transaction refuses it) is opened again on its own by `openWeek`, which reads everything afresh.
 */
function openWeeks(
  weeks: readonly PassWeek[],
  rules: RulesRecord,
  now: Date,
  reads: PageReads,
  slot: WeekReads["slot"],
): Promise<PromiseSettledResult<WeekOutcome>[]> {
  return settledInFlight(weeks, async ({ sub, date }) => {
    const outcome = await openWith(sub, date, now, {
      rules,
      slot,
      customer: reads.customers.get(sub.userId),
      ...(reads.products ? { products: reads.products } : {}),
    });
    return outcome === AGAIN ? openWeek(sub.id, date, now) : outcome;
  });
}

/**
 * A placed week 12 hours before its cut-off: its reminder is asked for once, while its order is
 * unpaid (the mail subscriber sends it: mails/transitions.ts). True when asked now.
 */
async function remindWeek(o: OccurrenceRecord, cutoffAt: Date, now: Date): Promise<boolean> {
  if (o.status !== "placed" || o.remindedAt !== undefined || !o.orderId) return false;
  if (now.getTime() < cutoffAt.getTime() - REMINDER_BEFORE_CUTOFF_MS) return false;
  const order = await orderStore.get(o.orderId);
  return subscriptionStore.remind(o, order !== undefined && isHeld(order), now.toISOString());
}

/** What one reconcile pass did. `complete` is false when it stopped at its deadline. */
export interface ReconcileReport {
  /** Active subscriptions looked at. */
  subscriptions: number;
  placed: number;
  /** Weeks recorded without an order: closed, empty, no seat, refused. */
  recorded: number;
  reminded: number;
  failed: number;
  complete: boolean;
}

/**
 * The reconcile pass: every active subscription, page by page, and each of its weeks open at `now`
 * (opened, cut-off not passed): a week with no occurrence is opened, a placed one due its reminder
 * gets it. One subscription failing (logged) does not stop the others; the next run tries again.
 *
 * @example
 * const report = await reconcileSubscriptions({ stopAt: nowMs() + 30_000 });
 */
export async function reconcileSubscriptions(
  options: { now?: Date; stopAt?: number } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? nowDate();
  const report: ReconcileReport = {
    subscriptions: 0,
    placed: 0,
    recorded: 0,
    reminded: 0,
    failed: 0,
    complete: false,
  };
  const rules = await deliveryStore.getRules();
  if (!rules) {
    report.complete = true;
    return report;
  }
  const today = localDate(now, rules.timeZone);
  // Each window's slot, read once for the whole pass (the seat's condition decides in each transaction).
  const slots = new Map<string, Promise<SlotRecord | undefined>>();
  const slot: WeekReads["slot"] = (window, date) => {
    const id = slotIdOf(date, window.start, window.end);
    const read = slots.get(id) ?? slotOf(rules, window, date);
    slots.set(id, read);
    return read;
  };
  /**
   * One page and what its weeks need: the active subscriptions, their weeks open now, those weeks'
   * occurrences (placed ones due their reminder get it; weeks with none, or a withdrawn one whose
   * skip was taken back, are opened), and the reads of the weeks to open.
   */
  const readPage = async (start: Record<string, unknown> | undefined): Promise<PassPage> => {
    const page = await subscriptionStore.activePage(start);
    const weeks: PassWeek[] = page.items.flatMap((sub) => {
      const times = timesOf(rules, sub.window);
      return openDates(sub, times, now, today)
        .filter((date) => wantsWeek(sub, date))
        .map((date) => ({ sub, date, cutoffAt: weekTimes(date, times).cutoffAt }));
    });
    const found = new Map(
      (
        await subscriptionStore.getOccurrences(weeks.map((w) => ({ subscriptionId: w.sub.id, date: w.date })))
      ).map((o) => [`${o.subscriptionId}#${o.date}`, o]),
    );
    const toOpen: PassWeek[] = [];
    const reminders: { week: PassWeek; occurrence: OccurrenceRecord }[] = [];
    for (const week of weeks) {
      const occurrence = found.get(`${week.sub.id}#${week.date}`);
      if (occurrence && occurrence.status !== "withdrawn") reminders.push({ week, occurrence });
      else toOpen.push(week);
    }
    return { page, reminders, toOpen, reads: await readForOpening(toOpen) };
  };
  // The next page is read while this one's weeks are opened, so the transactions never wait on reads.
  let pending: Promise<PassPage> | undefined = readPage(undefined);
  while (pending) {
    if (options.stopAt !== undefined && nowMs() >= options.stopAt) {
      pending.catch(() => undefined);
      return report;
    }
    const current: PassPage = await pending;
    const { page, reminders, toOpen, reads } = current;
    pending = page.next ? readPage(page.next) : undefined;
    report.subscriptions += page.items.length;
    let outcomes: PromiseSettledResult<string>[];
    try {
      const reminded = await settledInFlight(reminders, async ({ week, occurrence }) =>
        (await remindWeek(occurrence, week.cutoffAt, now)) ? "reminded" : "exists",
      );
      outcomes = [...reminded, ...(await openWeeks(toOpen, rules, now, reads, slot))];
    } catch (error) {
      pending?.catch(() => undefined);
      throw error;
    }
    const ordered = [...reminders.map((r) => r.week), ...toOpen];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === "fulfilled") {
        if (outcome.value === "placed") report.placed += 1;
        else if (outcome.value === "reminded") report.reminded += 1;
        else if (outcome.value !== "exists" && outcome.value !== "not due") report.recorded += 1;
        return;
      }
      report.failed += 1;
      const week = ordered[index];
      const error =
        outcome.reason instanceof Error ? `${outcome.reason.name}: ${outcome.reason.message}` : "";
      log("error", "opening a subscription week failed", {
        subscriptionId: week?.sub.id,
        date: week?.date,
        error,
      });
    });
  }
  report.complete = true;
  return report;
}
