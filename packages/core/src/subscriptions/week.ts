import type { RulesRecord } from "../slots/delivery.records.ts";
import { DEFAULT_SUBSCRIPTION_LEAD_HOURS, DEFAULT_TIME_ZONE } from "../slots/delivery.schema.ts";
import type { WindowTimes } from "./dates.ts";
import type { SubscriptionRecord } from "./subscription.records.ts";

/**
 * A subscription's window in the shop's rules (docs/decisions/051-standing-orders.md): the weekly
 * window of the same weekday, start and end, with its cut-off and seats, or undefined when the rules
 * no longer have it.
 */
export function ruleWindow(
  rules: RulesRecord | undefined,
  window: SubscriptionRecord["window"],
): RulesRecord["windows"][number] | undefined {
  return rules?.windows.find(
    (w) => w.weekday === window.weekday && w.start === window.start && w.end === window.end,
  );
}

/**
 * The times of a subscription's weeks: the shop's zone, its window's start and cut-off and the rules'
 * lead. A window the rules dropped keeps its start, with no cut-off before it: its weeks are recorded
 * closed when they open (occurrences.ts).
 */
export function timesOf(rules: RulesRecord | undefined, window: SubscriptionRecord["window"]): WindowTimes {
  return {
    timeZone: rules?.timeZone ?? DEFAULT_TIME_ZONE,
    start: window.start,
    cutoffMinutes: ruleWindow(rules, window)?.cutoffMinutes ?? 0,
    leadHours: rules?.subscriptionLeadHours ?? DEFAULT_SUBSCRIPTION_LEAD_HOURS,
  };
}

/** Whether a subscription's week of `date` is delivered: not skipped, not paused. */
export const wantsWeek = (sub: Pick<SubscriptionRecord, "skips" | "pausedUntil">, date: string): boolean =>
  !sub.skips.includes(date) && !(sub.pausedUntil !== undefined && date < sub.pausedUntil);
