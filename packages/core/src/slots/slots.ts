import { nowDate, nowMs } from "../clock.ts";
import { cachedItem } from "../db/cached-item.ts";
import { AppError } from "../errors.ts";
import type { RulesRecord, SlotRecord } from "./delivery.records.ts";
import {
  type AdminDeliverySlot,
  DEFAULT_TIME_ZONE,
  type DeliveryRules,
  type DeliverySlot,
  type DeliverySlotRef,
  describeSlot,
  MAX_BOOKING_DAYS,
  slotIdOf,
  slotRefOf,
} from "./delivery.schema.ts";
import { deliveryStore } from "./delivery.store.ts";
import { addDays, localDate, localTime, weekdayOf, zonedInstant } from "./zoned-time.ts";

/**
 * The windows ahead, made from the weekly rules (docs/decisions/040-delivery-windows.md): the rules'
 * windows are materialised as slot items the first time they are listed (or booked), each put
 * conditionally, and read with the rules in one query (pattern 41). Placement (orders/place.ts) asks
 * here for the earliest window with room (the original client sends none) and for why a seat was
 * refused; delivery/index.ts answers the API with it.
 */

/** The slot a weekly window makes on `date` in `timeZone`. */
export function ruleSlot(window: RulesRecord["windows"][number], date: string, timeZone: string): SlotRecord {
  const startsAt = zonedInstant(date, window.start, timeZone);
  return {
    id: slotIdOf(date, window.start, window.end),
    date,
    start: window.start,
    end: window.end,
    startsAt: startsAt.toISOString(),
    endsAt: zonedInstant(date, window.end, timeZone).toISOString(),
    cutoffAt: new Date(startsAt.getTime() - window.cutoffMinutes * 60_000).toISOString(),
    capacity: window.capacity,
    booked: 0,
    closed: false,
    source: "rules",
  };
}

/** Every slot the rules make from `first` to `last` (local dates, both included), closed dates left out. */
export function plannedSlots(
  rules: Pick<DeliveryRules, "closedDates" | "windows" | "timeZone">,
  first: string,
  last: string,
): SlotRecord[] {
  const closed = new Set(rules.closedDates);
  const slots: SlotRecord[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (closed.has(date)) continue;
    const weekday = weekdayOf(date);
    for (const window of rules.windows) {
      if (window.weekday === weekday) slots.push(ruleSlot(window, date, rules.timeZone));
    }
  }
  return slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
}

/** A slot as listed. */
export const toListed = (slot: SlotRecord): DeliverySlot => ({
  id: slot.id,
  date: slot.date,
  start: slot.start,
  end: slot.end,
  startsAt: slot.startsAt,
  endsAt: slot.endsAt,
  cutoffAt: slot.cutoffAt,
  capacity: slot.capacity,
  remaining: Math.max(0, slot.capacity - slot.booked),
});

/** A slot as the administrator sees it. */
export const toAdmin = (slot: SlotRecord): AdminDeliverySlot => ({
  ...toListed(slot),
  booked: slot.booked,
  closed: slot.closed,
});

/** Where the windows stand at `now`: the rules (if any), today in the shop's zone, and every slot from today on. */
export interface Timetable {
  rules: RulesRecord | undefined;
  timeZone: string;
  today: string;
  /** The last date a shopper may book (today + bookingDays − 1). */
  horizon: string;
  /** Every slot from today on, the rules' windows up to the horizon materialised. */
  slots: SlotRecord[];
}

/**
 * Reads the rules and the slots from today on (one query: pattern 41) and materialises the rules'
 * windows up to `lastDate` (default: the booking horizon) that no item holds yet.
 */
export async function timetable(
  now: Date = nowDate(),
  lastDate?: (today: string) => string,
): Promise<Timetable> {
  // Today in any zone is at most a day before UTC's; the query starts there, and the rules say the zone.
  const { rules, slots } = await deliveryStore.slotsFrom(addDays(now.toISOString().slice(0, 10), -1));
  const timeZone = rules?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDate(now, timeZone);
  const horizon = addDays(today, (rules?.bookingDays ?? MAX_BOOKING_DAYS) - 1);
  const last = lastDate ? lastDate(today) : horizon;
  const held = new Set(slots.map((slot) => slot.id));
  const missing = rules ? plannedSlots(rules, today, last).filter((slot) => !held.has(slot.id)) : [];
  if (missing.length > 0) await deliveryStore.createSlots(missing);
  const all = [...slots.filter((slot) => slot.date >= today), ...missing].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id),
  );
  return { rules, timeZone, today, horizon, slots: all };
}

/**
 * The windows shoppers may book at `now`, for `days` days from today (default and at most: the
 * booking horizon): open, before their cut-off, full ones with `remaining: 0`; by start.
 */
export async function openSlots(now: Date = nowDate(), days?: number): Promise<DeliverySlot[]> {
  return openIn(await timetable(now), now, days);
}

/** The open windows of a timetable read at `now` (see openSlots). */
function openIn(table: Timetable, now: Date, days?: number): DeliverySlot[] {
  const last = days === undefined ? table.horizon : minDate(addDays(table.today, days - 1), table.horizon);
  const nowIso = now.toISOString();
  return table.slots
    .filter((slot) => slot.date <= last && !slot.closed && slot.cutoffAt > nowIso)
    .map(toListed);
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/** How long a process trusts what it read of whether the shop has weekly windows. */
export const WEEKLY_WINDOWS_TTL_MS = 5_000;
const weeklyCache = cachedItem(WEEKLY_WINDOWS_TTL_MS, async () => {
  const rules = await deliveryStore.getRules();
  return (rules?.windows.length ?? 0) > 0;
});

/**
 * Whether the shop has weekly windows, read at most once per WEEKLY_WINDOWS_TTL_MS per process (and
 * shared by the placements in flight; db/cached-item.ts): an order without a window then costs no
 * read while the shop has none. The rules item is not put in every such order's transaction as a
 * condition instead: every order of the shop would then touch that one item, and concurrent
 * transactions on one item conflict. A change of the rules in this process is seen at once
 * (`forgetWeeklyWindows`); another process sees it within the TTL (docs/decisions/040-delivery-windows.md).
 */
export const hasWeeklyWindows = (now: number = nowMs()): Promise<boolean> => weeklyCache.read(now);

/** Forgets what was read of the weekly windows (the rules just changed in this process). */
export function forgetWeeklyWindows(): void {
  weeklyCache.forget();
}

/**
 * The window an order without one takes (the original client sends none): the earliest open window
 * with room at `now`, skipping `exclude` (windows that filled meanwhile). Undefined when the shop has
 * no weekly windows (orders carry no window, as before delivery days); 409 when every window ahead
 * is full.
 */
export async function earliestWithRoom(
  now: Date = nowDate(),
  exclude: ReadonlySet<string> = new Set(),
  /** The weekdays the order's delivery zone is served (docs/decisions/046); absent: every day. */
  weekdays?: readonly number[],
): Promise<DeliverySlotRef | undefined> {
  const table = await timetable(now);
  if (!table.rules || table.rules.windows.length === 0) return undefined;
  const slots = openIn(table, now);
  const free = slots.find(
    (slot) =>
      slot.remaining > 0 && !exclude.has(slot.id) && (!weekdays || weekdays.includes(weekdayOf(slot.date))),
  );
  if (!free) {
    throw new AppError(
      "NO_SLOT_AVAILABLE",
      "Every delivery window is full or past its cut-off, please try again later",
    );
  }
  return { id: free.id, date: free.date, start: free.start, end: free.end };
}

/**
 * Why window `id` refused a seat at `now`, read after the placement's transaction was cancelled by
 * it: a 409 naming the window (unknown, closed, past its cut-off, full). A window of the rules that
 * is not materialised yet (no one listed it since it came into the horizon) is created, and
 * `retry` answered: the placement tries again.
 */
export async function refusedSlot(id: string, now: Date = nowDate()): Promise<"retry"> {
  const ref = slotRefOf(id);
  const slot = await deliveryStore.getSlot(id);
  const name = `The delivery window ${describeSlot(ref)}`;
  if (!slot) {
    const table = await timetable(now);
    if (table.slots.some((s) => s.id === id)) return "retry";
    throw new AppError("SLOT_UNKNOWN", `${name} does not exist (deliverySlotId ${id})`, {
      deliverySlotId: id,
    });
  }
  if (slot.closed) throw new AppError("SLOT_CLOSED", `${name} is closed`, { deliverySlotId: id });
  if (slot.cutoffAt <= now.toISOString()) {
    const zone = (await deliveryStore.getRules())?.timeZone ?? DEFAULT_TIME_ZONE;
    const at = new Date(slot.cutoffAt);
    throw new AppError(
      "CUTOFF_PASSED",
      `${name} no longer takes orders: its cut-off was ${localDate(at, zone)} ${localTime(at, zone)}`,
      { deliverySlotId: id },
    );
  }
  if (slot.booked >= slot.capacity)
    throw new AppError("SLOT_FULL", `${name} is full`, { deliverySlotId: id });
  // Room again (an order expired meanwhile): try again.
  return "retry";
}
