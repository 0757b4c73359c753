import { nowDate, nowMs } from "../clock.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { tryTransact } from "../db/transact.ts";
import { DEFAULT_LOCALE } from "../i18n/locale.ts";
import { log } from "../log.ts";
import { placeOccurrence } from "../orders/occurrence.ts";
import { isHeld } from "../orders/order.records.ts";
import { orderStore } from "../orders/order.store.ts";
import type { RulesRecord } from "../slots/delivery.records.ts";
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

/**
 * Opens the week of `date` of subscription `id` at `now`, once: places its order, or records why none
 * is placed (closed, nothing available, no seat, refused). A week skipped, paused, not due or already
 * opened is left as it is. Safe to run any number of times, also at once.
 */
export async function openWeek(id: string, date: string, now: Date = nowDate()): Promise<WeekOutcome> {
  return retrying<WeekOutcome>(
    "changedMeanwhile",
    async () => {
      const sub = await subscriptionStore.get(id);
      if (sub?.status !== "active" || !isSubscriptionDate(sub, date) || !wantsWeek(sub, date))
        return "not due";
      const rules = await deliveryStore.getRules();
      const times = timesOf(rules, sub.window);
      const { cutoffAt, opensAt } = weekTimes(date, times);
      if (now < opensAt || now >= cutoffAt) return "not due";
      const existing = await subscriptionStore.getOccurrence(id, date);
      if (existing && existing.status !== "withdrawn") return "exists";
      const window = ruleWindow(rules, sub.window);
      if (!rules || !window || rules.closedDates.includes(date))
        return recordWeek(sub, date, "closed", "The shop does not deliver in this window that day", now);
      const slot = await slotOf(rules, window, date);
      if (!slot || slot.closed)
        return recordWeek(sub, date, "closed", "The shop closed this delivery window", now);
      if (slot.booked >= slot.capacity)
        return recordWeek(sub, date, "no seat", "The delivery window is full", now);
      const user = await userStore.get(sub.userId);
      if (!user) return recordWeek(sub, date, "refused", "The account was deleted", now);
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
    },
    // Still changing after every try: left for the next run.
    giveUp(() => new Error(`subscription ${id} week ${date} kept changing`)),
  );
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
  let start: Record<string, unknown> | undefined;
  do {
    if (options.stopAt !== undefined && nowMs() >= options.stopAt) return report;
    const page = await subscriptionStore.activePage(start);
    report.subscriptions += page.items.length;
    const weeks = page.items.flatMap((sub) => {
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
    const outcomes = await Promise.allSettled(
      weeks.map(async ({ sub, date, cutoffAt }) => {
        const occurrence = found.get(`${sub.id}#${date}`);
        // A week withdrawn and wanted again (its skip taken back) is placed again, like a week never opened.
        if (occurrence && occurrence.status !== "withdrawn")
          return (await remindWeek(occurrence, cutoffAt, now)) ? "reminded" : "exists";
        return openWeek(sub.id, date, now);
      }),
    );
    outcomes.forEach((outcome, index) => {
      if (outcome.status === "fulfilled") {
        if (outcome.value === "placed") report.placed += 1;
        else if (outcome.value === "reminded") report.reminded += 1;
        else if (outcome.value !== "exists" && outcome.value !== "not due") report.recorded += 1;
        return;
      }
      report.failed += 1;
      const week = weeks[index];
      const error =
        outcome.reason instanceof Error ? `${outcome.reason.name}: ${outcome.reason.message}` : "";
      log("error", "opening a subscription week failed", {
        subscriptionId: week?.sub.id,
        date: week?.date,
        error,
      });
    });
    start = page.next;
  } while (start);
  report.complete = true;
  return report;
}
