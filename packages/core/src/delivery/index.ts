import { nowDate } from "../clock.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError, fieldError } from "../errors.ts";
import { fromBase } from "../money/quantity.ts";
import { assertNotCancelled, orderOrNotFound, withUser } from "../orders/index.ts";
import { isCancelled } from "../orders/order.records.ts";
import type { Order } from "../orders/order.schema.ts";
import type { RulesRecord, SlotRecord } from "../slots/delivery.records.ts";
import {
  type AdminDeliverySlot,
  DEFAULT_SUBSCRIPTION_LEAD_HOURS,
  DEFAULT_TIME_ZONE,
  type DeliveryRules,
  type DeliverySlot,
  describeSlot,
  MAX_BOOKING_DAYS,
  type NewSlotInput,
  type PickList,
  SLOT_ID,
  type SlotChange,
  slotIdOf,
  slotRefOf,
} from "../slots/delivery.schema.ts";
import { deliveryStore, type SlotUpdate } from "../slots/delivery.store.ts";
import { forgetWeeklyWindows, openSlots, ruleSlot, timetable, toAdmin, toListed } from "../slots/slots.ts";
import { addDays, localDate, weekdayOf, zonedInstant } from "../slots/zoned-time.ts";
import { readDeliveryDays } from "../stats/index.ts";
import type { Caller } from "../users/caller.ts";
import { weekdaysOfPlace } from "../zones/index.ts";
import type { Place } from "../zones/zone.schema.ts";
import { orderSeatsStore } from "./order-seats.store.ts";

export { openSlots as listSlots } from "../slots/slots.ts";

/**
 * Delivery days (docs/product.md §10, docs/decisions/040-delivery-windows.md): the administrator's
 * weekly rules and one-off windows, the windows shoppers see, each window's pick list, and moving an
 * order between windows. Seats are taken and given back in the order's own transactions (seats.ts).
 */

const slotNotFound = () => new AppError("NOT_FOUND", "Delivery window not found");
const rulesChanging = () => new AppError("BUSY", "The delivery rules are changing, please try again");

/** The rules as the API answers them (no version); the defaults, with no windows, before any were set. */
const toRules = (rules: RulesRecord | undefined): DeliveryRules =>
  rules
    ? {
        timeZone: rules.timeZone,
        bookingDays: rules.bookingDays,
        windows: rules.windows,
        closedDates: rules.closedDates,
        subscriptionLeadHours: rules.subscriptionLeadHours ?? DEFAULT_SUBSCRIPTION_LEAD_HOURS,
      }
    : {
        timeZone: DEFAULT_TIME_ZONE,
        bookingDays: 14,
        windows: [],
        closedDates: [],
        subscriptionLeadHours: DEFAULT_SUBSCRIPTION_LEAD_HOURS,
      };

/** GET /api/delivery/rules. */
export async function readRules(): Promise<DeliveryRules> {
  return toRules(await deliveryStore.getRules());
}

/** 409 for a window whose bookings a change would leave without a seat. */
const belowBooked = (slot: SlotRecord) =>
  new AppError(
    "CAPACITY_BELOW_BOOKED",
    `The delivery window ${describeSlot(slot)} has ${slot.booked} orders booked: its capacity cannot drop below that`,
    { deliverySlotId: slot.id },
  );

/** What new rules do to a slot they made that is still ahead (see SlotUpdate). */
function updateOf(slot: SlotRecord, rules: DeliveryRules): SlotUpdate | undefined {
  const window = rules.closedDates.includes(slot.date)
    ? undefined
    : rules.windows.find(
        (w) => w.weekday === weekdayOf(slot.date) && w.start === slot.start && w.end === slot.end,
      );
  if (!window) {
    if (slot.booked === 0) return { slot, drop: true };
    return slot.closed ? undefined : { slot, close: true };
  }
  const planned = ruleSlot(window, slot.date, rules.timeZone);
  if (planned.capacity < slot.booked) throw belowBooked(slot);
  const same =
    planned.capacity === slot.capacity &&
    planned.startsAt === slot.startsAt &&
    planned.endsAt === slot.endsAt &&
    planned.cutoffAt === slot.cutoffAt;
  if (same) return undefined;
  const { startsAt, endsAt, cutoffAt, capacity } = planned;
  return { slot, set: { startsAt, endsAt, cutoffAt, capacity } };
}

/**
 * PUT /api/delivery/rules (admin): the new rules, and their effect on every window they made that is
 * still ahead, in one transaction: a window keeps its bookings (409 naming it when its new capacity
 * is below them, nothing written), one the rules drop is deleted when empty and closed otherwise.
 * The windows of the new rules up to the horizon are then materialised.
 */
export async function setRules(input: DeliveryRules, now: Date = nowDate()): Promise<DeliveryRules> {
  const rules: DeliveryRules = { ...input, closedDates: [...new Set(input.closedDates)].sort() };
  return retrying(
    "changedMeanwhile",
    async () => {
      const current = await timetable(now, (today) => today);
      const nowIso = now.toISOString();
      const updates = current.slots
        .filter((slot) => slot.source === "rules" && slot.startsAt > nowIso)
        .map((slot) => updateOf(slot, rules))
        .filter((update) => update !== undefined);
      const version = (current.rules?.version ?? 0) + 1;
      const written = await deliveryStore.putRules(
        { ...rules, version, updatedAt: nowIso },
        current.rules?.version,
        updates,
      );
      if (!written.written) {
        // A booking or another rules change landed meanwhile: decided again on what is there now.
        return AGAIN;
      }
      forgetWeeklyWindows();
      await timetable(now);
      return rules;
    },
    giveUp(rulesChanging),
  );
}

/**
 * The dashboard's figure (GET /api/delivery/days, admin): booked orders per delivery day for the next
 * `days` days (default 14) in the shop's zone, from the stream-kept counters (stats/stats.counters.ts).
 */
export async function bookedDays(days = 14): Promise<{ _id: string; orders: number }[]> {
  const timeZone = (await deliveryStore.getRules())?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDate(nowDate(), timeZone);
  return readDeliveryDays(Array.from({ length: days }, (_, n) => addDays(today, n)));
}

/**
 * GET /api/delivery/slots: the windows ahead (public); with a place (postal code, map location), only
 * those on the route days of its delivery zone (none outside every zone: docs/decisions/046).
 */
export async function listOpenSlots(days?: number, place?: Place): Promise<DeliverySlot[]> {
  const [slots, weekdays] = await Promise.all([
    openSlots(nowDate(), days),
    place && (place.postalCode || place.location) ? weekdaysOfPlace(place) : undefined,
  ]);
  return weekdays ? slots.filter((slot) => weekdays.includes(weekdayOf(slot.date))) : slots;
}

/**
 * The administrator's calendar: every window from today for `days` days (default 14), closed and
 * past their cut-off included, with what is booked.
 */
export async function calendar(days = 14): Promise<AdminDeliverySlot[]> {
  const table = await timetable(nowDate(), (today) => addDays(today, Math.min(days, MAX_BOOKING_DAYS) - 1));
  const last = addDays(table.today, days - 1);
  return table.slots.filter((slot) => slot.date <= last).map(toAdmin);
}

/**
 * POST /api/delivery/slots (admin): a one-off window on a date, today or later, starting in the
 * future, its cut-off no later than its start. 409 when a window with the same date, start and end
 * exists.
 */
export async function addSlot(input: NewSlotInput, now: Date = nowDate()): Promise<DeliverySlot> {
  const timeZone = (await deliveryStore.getRules())?.timeZone ?? DEFAULT_TIME_ZONE;
  if (input.date < localDate(now, timeZone)) throw fieldError("date", "the window must be on a future date");
  const startsAt = zonedInstant(input.date, input.start, timeZone);
  const cutoffAt = new Date(input.cutoffAt);
  if (startsAt.getTime() <= now.getTime()) throw fieldError("start", "the window must start in the future");
  if (cutoffAt.getTime() > startsAt.getTime())
    throw fieldError("cutoffAt", "the cut-off must be no later than the window's start");
  const slot: SlotRecord = {
    id: slotIdOf(input.date, input.start, input.end),
    date: input.date,
    start: input.start,
    end: input.end,
    startsAt: startsAt.toISOString(),
    endsAt: zonedInstant(input.date, input.end, timeZone).toISOString(),
    cutoffAt: cutoffAt.toISOString(),
    capacity: input.capacity,
    booked: 0,
    closed: false,
    source: "added",
  };
  if ((await deliveryStore.addSlot(slot)) === "exists")
    throw new AppError("SLOT_EXISTS", `A delivery window ${describeSlot(slot)} already exists`, {
      deliverySlotId: slot.id,
    });
  return toListed(slot);
}

/** The stored window of `id`, materialising it first when it is one of the rules' windows ahead; 404 otherwise. */
async function slotOrNotFound(id: string, { materialise = true } = {}): Promise<SlotRecord> {
  if (!SLOT_ID.test(id)) throw slotNotFound();
  const found = await deliveryStore.getSlot(id);
  if (found) return found;
  if (materialise) {
    const made = (await timetable()).slots.find((slot) => slot.id === id);
    if (made) return (await deliveryStore.getSlot(id)) ?? made;
  }
  throw slotNotFound();
}

/**
 * PUT /api/delivery/slots/{id} (admin): a new capacity (never below what is booked: 409) and/or
 * closed (no new bookings; those made stand) or reopened.
 */
export async function changeSlot(id: string, change: SlotChange): Promise<AdminDeliverySlot> {
  await slotOrNotFound(id);
  const changed = await deliveryStore.changeSlot(id, change);
  if (changed) return toAdmin(changed);
  const slot = await deliveryStore.getSlot(id);
  if (!slot) throw slotNotFound();
  throw belowBooked(slot);
}

/**
 * GET /api/delivery/slots/{id}/picklist (admin): the window, its paid orders (not cancelled), and per
 * product the total to pick in the product's unit.
 */
export async function pickList(id: string): Promise<PickList> {
  const slot = await slotOrNotFound(id, { materialise: false });
  const orders = (await orderSeatsStore.ordersOf(await orderSeatsStore.orderIdsOf(id)))
    .filter((order) => order.isPaid && !isCancelled(order))
    .sort((a, b) => a.id.localeCompare(b.id));
  const totals = new Map<string, { _id: string; name: string; unit: SlotUnit; base: number }>();
  for (const order of orders) {
    for (const line of order.orderItems) {
      const total = totals.get(line.productId) ?? {
        _id: line.productId,
        name: line.name,
        unit: line.unit,
        base: 0,
      };
      total.base += line.quantity;
      totals.set(line.productId, total);
    }
  }
  return {
    slot: toAdmin(slot),
    orders: orders.map((order) => ({
      _id: order.id,
      customer: order.shippingAddress.fullName,
      shippingAddress: {
        fullName: order.shippingAddress.fullName,
        address: order.shippingAddress.address,
        city: order.shippingAddress.city,
        postalCode: order.shippingAddress.postalCode,
        country: order.shippingAddress.country,
      },
      isDelivered: order.isDelivered,
      lines: order.orderItems.map((line) => ({
        _id: line.productId,
        name: line.name,
        unit: line.unit,
        quantity: fromBase(line.unit, line.quantity),
      })),
    })),
    products: [...totals.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ _id, name, unit, base }) => ({ _id, name, unit, quantity: fromBase(unit, base) })),
  };
}

type SlotUnit = Parameters<typeof fromBase>[0];

/**
 * PUT /api/delivery/orders/{id} (admin): moves an order to another window atomically — the new seat
 * is taken and the old one freed, or neither (409 naming a full, closed or unknown window).
 */
export async function moveOrder(caller: Caller, orderId: string, toId: string): Promise<Order> {
  return retrying(
    "changedMeanwhile",
    async () => {
      const order = await orderOrNotFound(orderId);
      assertNotCancelled(order);
      if (!order.deliverySlot)
        throw new AppError("NO_DELIVERY_WINDOW", "This order has no delivery window to move");
      if (order.deliverySlot.id === toId) return withUser(caller, order);
      const target = await slotOrNotFound(toId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === "NOT_FOUND"
          ? new AppError(
              "SLOT_UNKNOWN",
              `The delivery window ${describeSlot(slotRefOf(toId))} does not exist`,
            )
          : error;
      });
      const outcome = await orderSeatsStore.move(
        order.id,
        order.deliverySlot.id,
        slotRefOf(target.id),
        nowDate(),
      );
      if (outcome === "moved") return withUser(caller, await orderOrNotFound(orderId));
      if (outcome === "full") {
        const now = await deliveryStore.getSlot(toId);
        if (now?.closed)
          throw new AppError("SLOT_CLOSED", `The delivery window ${describeSlot(target)} is closed`, {
            deliverySlotId: toId,
          });
        if (now && now.booked >= now.capacity)
          throw new AppError("SLOT_FULL", `The delivery window ${describeSlot(target)} is full`, {
            deliverySlotId: toId,
          });
      }
      return AGAIN;
    },
    giveUp(() => new AppError("ORDER_CHANGING", "The order is changing, please try again")),
  );
}
