import * as v from "valibot";
import { isCalendarDate, isTimeZone } from "./zoned-time.ts";

/**
 * Browser-safe shapes of the delivery API (docs/product.md §10, docs/decisions/040-delivery-windows.md),
 * shared by the server and the web app (imports nothing but valibot and the pure zoned-time.ts).
 */

/** The shop's zone when the administrator set none (the shop's map centres on Montréal). */
export const DEFAULT_TIME_ZONE = "America/Toronto";
/** The farthest a shopper can book ahead, in days (today counts as the first). */
export const MAX_BOOKING_DAYS = 28;
/** Weekly windows at most: with MAX_BOOKING_DAYS, a rules change touches under 100 slots in one transaction. */
export const MAX_WINDOWS = 21;
/** At most this many closed dates. */
export const MAX_CLOSED_DATES = 366;
/** A window's seats at most. */
export const MAX_CAPACITY = 10_000;
/** How long before its window's cut-off a subscription's week opens, by default (docs/decisions/051-standing-orders.md). */
export const DEFAULT_SUBSCRIPTION_LEAD_HOURS = 72;
/** The longest lead: two weeks. */
export const MAX_SUBSCRIPTION_LEAD_HOURS = 14 * 24;
/** A cut-off at most a week before its window. */
export const MAX_CUTOFF_MINUTES = 7 * 24 * 60;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const TimeSchema = v.pipe(
  v.string('A time is "HH:MM"'),
  v.regex(TIME, 'A time is "HH:MM" (00:00 to 23:59)'),
);
export const DateSchema = v.pipe(
  v.string('A date is "YYYY-MM-DD"'),
  v.check(isCalendarDate, 'A date is "YYYY-MM-DD" (a real date)'),
);
const CapacitySchema = v.pipe(
  v.number("capacity must be a number"),
  v.integer("capacity must be a whole number of orders"),
  v.minValue(0, "capacity must be at least 0"),
  v.maxValue(MAX_CAPACITY, `capacity must be at most ${MAX_CAPACITY}`),
);

/** A weekday: 0 (Sunday) … 6 (Saturday). */
export const WeekdaySchema = v.pipe(
  v.number("weekday must be a number"),
  v.integer("weekday must be 0 (Sunday) to 6 (Saturday)"),
  v.minValue(0, "weekday must be 0 (Sunday) to 6 (Saturday)"),
  v.maxValue(6, "weekday must be 0 (Sunday) to 6 (Saturday)"),
);

/** One weekly window: its weekday (0 Sunday … 6 Saturday), local start and end, seats and cut-off. */
export const WindowSchema = v.pipe(
  v.object({
    weekday: WeekdaySchema,
    start: TimeSchema,
    end: TimeSchema,
    capacity: CapacitySchema,
    cutoffMinutes: v.pipe(
      v.number("cutoffMinutes must be a number"),
      v.integer("cutoffMinutes must be whole minutes"),
      v.minValue(0, "cutoffMinutes must be at least 0"),
      v.maxValue(MAX_CUTOFF_MINUTES, `cutoffMinutes must be at most ${MAX_CUTOFF_MINUTES} (a week)`),
    ),
  }),
  v.check((window) => window.start < window.end, "A window must end after it starts"),
);
export type DeliveryWindow = v.InferOutput<typeof WindowSchema>;

/** Body of PUT /api/delivery/rules (and the answer of GET). */
export const RulesSchema = v.object({
  timeZone: v.optional(
    v.pipe(
      v.string("timeZone must be an IANA zone such as America/Toronto"),
      v.check(isTimeZone, "timeZone must be an IANA zone such as America/Toronto"),
    ),
    DEFAULT_TIME_ZONE,
  ),
  bookingDays: v.pipe(
    v.number("bookingDays must be a number"),
    v.integer("bookingDays must be whole days"),
    v.minValue(1, "bookingDays must be at least 1"),
    v.maxValue(MAX_BOOKING_DAYS, `bookingDays must be at most ${MAX_BOOKING_DAYS}`),
  ),
  windows: v.pipe(
    v.array(WindowSchema, "windows must be a list"),
    v.maxLength(MAX_WINDOWS, `At most ${MAX_WINDOWS} weekly windows`),
    v.check(
      (windows) => new Set(windows.map((w) => `${w.weekday} ${w.start} ${w.end}`)).size === windows.length,
      "Two windows have the same weekday, start and end",
    ),
  ),
  closedDates: v.optional(
    v.pipe(
      v.array(DateSchema, "closedDates must be a list of dates"),
      v.maxLength(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed dates`),
    ),
    [],
  ),
  /** How many hours before a window's cut-off a subscription's week opens (its order is placed). */
  subscriptionLeadHours: v.optional(
    v.pipe(
      v.number("subscriptionLeadHours must be a number"),
      v.integer("subscriptionLeadHours must be whole hours"),
      v.minValue(1, "subscriptionLeadHours must be at least 1"),
      v.maxValue(
        MAX_SUBSCRIPTION_LEAD_HOURS,
        `subscriptionLeadHours must be at most ${MAX_SUBSCRIPTION_LEAD_HOURS} (two weeks)`,
      ),
    ),
    DEFAULT_SUBSCRIPTION_LEAD_HOURS,
  ),
});
export type DeliveryRules = v.InferOutput<typeof RulesSchema>;

/** Body of POST /api/delivery/slots (admin): a one-off window on a date; `cutoffAt` is an ISO instant. */
export const NewSlotSchema = v.pipe(
  v.object({
    date: DateSchema,
    start: TimeSchema,
    end: TimeSchema,
    capacity: CapacitySchema,
    cutoffAt: v.pipe(
      v.string("cutoffAt must be an ISO instant"),
      v.isoTimestamp("cutoffAt must be an ISO instant such as 2026-12-01T23:00:00Z"),
    ),
  }),
  v.check((slot) => slot.start < slot.end, "A window must end after it starts"),
);
export type NewSlotInput = v.InferOutput<typeof NewSlotSchema>;

/** Body of PUT /api/delivery/slots/{id} (admin): a new capacity, or `closed: true` (or both). */
export const SlotChangeSchema = v.pipe(
  v.object({
    capacity: v.optional(CapacitySchema),
    closed: v.optional(v.boolean("closed must be true or false")),
  }),
  v.check(
    (change) => change.capacity !== undefined || change.closed !== undefined,
    "Send a capacity or closed",
  ),
);
export type SlotChange = v.InferOutput<typeof SlotChangeSchema>;

/** A query parameter that counts days or weeks: a whole number from 1 to `max`, read from its text. */
export function countParam(name: string, max: number) {
  const message = `${name} must be a whole number from 1 to ${max}`;
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );
}

/** Query of GET /api/delivery/slots: how many days ahead (today first), up to the booking horizon. */
export const SlotsQuerySchema = v.object({
  days: v.optional(countParam("days", MAX_BOOKING_DAYS)),
});

/**
 * A window's id: its local date, start and end (`2026-12-05-0900-1100`), so an order names its window
 * without a read and two windows cannot share a date, start and end.
 */
export const SLOT_ID = /^(\d{4}-\d{2}-\d{2})-([01]\d|2[0-3])([0-5]\d)-([01]\d|2[0-3])([0-5]\d)$/;
export const SlotIdSchema = v.pipe(
  v.string("deliverySlotId must be a delivery window id"),
  v.regex(SLOT_ID, "deliverySlotId is not a delivery window id (YYYY-MM-DD-HHMM-HHMM)"),
  v.check((id) => isCalendarDate(id.slice(0, 10)), "deliverySlotId is not a delivery window id"),
);

/** Body of PUT /api/delivery/orders/{id} (admin): the window the order moves to. */
export const MoveOrderSchema = v.object({ deliverySlotId: SlotIdSchema });

/** What an order carries of its window (answers, lists, mails). */
export interface DeliverySlotRef {
  id: string;
  date: string;
  start: string;
  end: string;
}

/** A window's id → its date, start and end. */
export function slotRefOf(id: string): DeliverySlotRef {
  const match = SLOT_ID.exec(id);
  if (!match) throw new Error(`Not a delivery window id: ${id}`);
  const [, date = "", sh = "", sm = "", eh = "", em = ""] = match;
  return { id, date, start: `${sh}:${sm}`, end: `${eh}:${em}` };
}

/** The id of the window on `date` from `start` to `end`. */
export const slotIdOf = (date: string, start: string, end: string): string =>
  `${date}-${start.replace(":", "")}-${end.replace(":", "")}`;

/** A window as GET /api/delivery/slots lists it (and the admin's answers). */
export interface DeliverySlot extends DeliverySlotRef {
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
  capacity: number;
  remaining: number;
}

/** A window in the admin's calendar: the listing's fields, what is booked, and whether it is closed. */
export interface AdminDeliverySlot extends DeliverySlot {
  booked: number;
  closed: boolean;
}

/** The pick list of one window (GET /api/delivery/slots/{id}/picklist). */
export interface PickList {
  slot: AdminDeliverySlot;
  orders: {
    _id: string;
    customer: string;
    shippingAddress: { fullName: string; address: string; city: string; postalCode: string; country: string };
    isDelivered: boolean;
    lines: { _id: string; name: string; unit: string; quantity: number }[];
  }[];
  products: { _id: string; name: string; unit: string; quantity: number }[];
}

/** A window as people read it: "Sat 5 Dec, 09:00–11:00". */
export function describeSlot(slot: DeliverySlotRef): string {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = slot.date.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-CA", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  return `${day}, ${slot.start}–${slot.end}`;
}

/** The shop's wall-clock arithmetic travels with the delivery shapes (one browser entry per room). */
export * from "./zoned-time.ts";
