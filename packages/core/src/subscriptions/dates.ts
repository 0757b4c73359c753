import { addDays, weekdayOf, zonedInstant } from "../slots/zoned-time.ts";

/**
 * The date rules of a subscription (docs/decisions/051-standing-orders.md). Pure.
 *
 * - Its dates are the window's weekday on or after `startsOn`, then every `every` weeks from that
 *   first one (every other week is anchored on `startsOn`), up to `endsOn` included.
 * - A date's cut-off is its window's: the local start on that date in the shop's zone (the wall clock,
 *   whatever the daylight-saving offset: slots/zoned-time.ts) less the window's `cutoffMinutes`.
 * - Its week opens `leadHours` before the cut-off (elapsed hours): then its order is placed.
 * - A skip, an un-skip or a change to that week is taken while the server's clock is before the cut-off.
 */

/** What the date rules read of a subscription. */
export interface Cadence {
  window: { weekday: number; start: string };
  every: number;
  startsOn: string;
  endsOn?: string | undefined;
}

/** What they read of the shop's rules for its window. */
export interface WindowTimes {
  timeZone: string;
  start: string;
  cutoffMinutes: number;
  leadHours: number;
}

/** The first date of a subscription: its weekday on or after `startsOn`. */
export function firstDate(cadence: Cadence): string {
  const shift = (cadence.window.weekday - weekdayOf(cadence.startsOn) + 7) % 7;
  return addDays(cadence.startsOn, shift);
}

/** Whole days from `a` to `b` (calendar dates). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** True when `date` is one of the subscription's dates. */
export function isSubscriptionDate(cadence: Cadence, date: string): boolean {
  const first = firstDate(cadence);
  if (date < first || (cadence.endsOn !== undefined && date > cadence.endsOn)) return false;
  return daysBetween(first, date) % (7 * cadence.every) === 0;
}

/** The subscription's dates from `from` to `to` (both included), earliest first. */
export function subscriptionDates(cadence: Cadence, from: string, to: string): string[] {
  const first = firstDate(cadence);
  const step = 7 * cadence.every;
  let date = first;
  if (from > first) {
    const steps = Math.ceil(daysBetween(first, from) / step);
    date = addDays(first, steps * step);
  }
  const last = cadence.endsOn !== undefined && cadence.endsOn < to ? cadence.endsOn : to;
  const dates: string[] = [];
  for (; date <= last; date = addDays(date, step)) dates.push(date);
  return dates;
}

/** A date's cut-off and the moment its week opens (instants). */
export function weekTimes(date: string, times: WindowTimes): { cutoffAt: Date; opensAt: Date } {
  const startsAt = zonedInstant(date, times.start, times.timeZone);
  const cutoffAt = new Date(startsAt.getTime() - times.cutoffMinutes * 60_000);
  return { cutoffAt, opensAt: new Date(cutoffAt.getTime() - times.leadHours * 3_600_000) };
}

/** Whether the week of `date` still takes a skip, an un-skip or a change at `now`: before its cut-off. */
export const beforeCutoff = (date: string, times: WindowTimes, now: Date): boolean =>
  now.getTime() < weekTimes(date, times).cutoffAt.getTime();

/** Whether the week of `date` is open at `now`: its order is due (opened, cut-off not passed). */
export function isOpen(date: string, times: WindowTimes, now: Date): boolean {
  const { cutoffAt, opensAt } = weekTimes(date, times);
  return opensAt.getTime() <= now.getTime() && now.getTime() < cutoffAt.getTime();
}

/** The days a week's opening can lie before its date, at most: the lead, the cut-off and a day for the zone. */
export const openingSpanDays = (times: Pick<WindowTimes, "cutoffMinutes" | "leadHours">): number =>
  Math.ceil((times.leadHours * 60 + times.cutoffMinutes) / 1440) + 1;

/** The subscription's dates whose week is open at `now` (`today`: the shop's local date then). */
export function openDates(cadence: Cadence, times: WindowTimes, now: Date, today: string): string[] {
  return subscriptionDates(cadence, addDays(today, -1), addDays(today, openingSpanDays(times) + 1)).filter(
    (date) => isOpen(date, times, now),
  );
}

/** Whether `date` is paused: before `pausedUntil` (the first date delivered again). */
export const isPaused = (pausedUntil: string | undefined, date: string): boolean =>
  pausedUntil !== undefined && date < pausedUntil;
