import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind, type Item } from "../db/kind.ts";
import { table } from "../layout/table.ts";
import { WindowSchema } from "./delivery.schema.ts";

/**
 * The stored kinds of delivery (docs/data-model.md: Delivery rules, Delivery slot and Seat items,
 * patterns 40-44; docs/decisions/040-delivery-windows.md), each declared once (db/kind.ts).
 *
 * - rules:  pk DELIVERY, sk TIMETABLE                       (one item: the weekly windows)
 * - slot:   pk DELIVERY, sk SLOT#<id>                        (a window on a date, with its seat counter)
 * - seat:   pk DELIVERY_SLOT#<slotId>, sk ORDER#<orderId>    (an order's seat in a window: the pick list)
 *
 * Slot ids start with their date, so the slots from a date on are one query of the DELIVERY partition;
 * TIMETABLE sorts after every SLOT# key, so the same query also reads the rules (pattern 41).
 */

const DELIVERY_PARTITION = "DELIVERY";
const RULES_SK = "TIMETABLE";
const SLOT_PREFIX = "SLOT#";
const SEATS_PREFIX = "DELIVERY_SLOT#";
const SEAT_PREFIX = "ORDER#";

const text = v.string();
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The administrator's rules as stored, with a version moved by every change (a rules change is conditional on it). */
export const RulesRecordSchema = v.object({
  timeZone: text,
  bookingDays: v.pipe(v.number(), v.integer(), v.minValue(1)),
  windows: v.array(WindowSchema),
  closedDates: v.array(text),
  /** Absent on rules stored before subscriptions: DEFAULT_SUBSCRIPTION_LEAD_HOURS. */
  subscriptionLeadHours: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  updatedAt: text,
});
export type RulesRecord = v.InferOutput<typeof RulesRecordSchema>;

export const rulesKind = defineKind({
  name: "delivery rules",
  schema: RulesRecordSchema,
  key: () => ({ pk: DELIVERY_PARTITION, sk: RULES_SK }),
  keys: () => ({ pk: DELIVERY_PARTITION, sk: RULES_SK }),
});

/**
 * One window on one date: its local times and instants, its seats (`capacity`, `booked` ≤ capacity
 * while bookings are taken), closed or not, and whether the weekly rules made it (`rules`, kept in
 * step with them) or the administrator added it (`added`, left alone by a rules change).
 */
export const SlotRecordSchema = v.object({
  id: text,
  date: text,
  start: text,
  end: text,
  startsAt: text,
  endsAt: text,
  cutoffAt: text,
  capacity: count,
  booked: count,
  closed: v.boolean(),
  source: v.picklist(["rules", "added"]),
});
export type SlotRecord = v.InferOutput<typeof SlotRecordSchema>;

export const slotKind = defineKind({
  name: "delivery slot",
  schema: SlotRecordSchema,
  key: (id: string) => ({ pk: DELIVERY_PARTITION, sk: `${SLOT_PREFIX}${id}` }),
  keys: (slot) => ({ pk: DELIVERY_PARTITION, sk: `${SLOT_PREFIX}${slot.id}` }),
});

/** The seat an order holds in a window: the claim of docs/decisions/032-exactly-once.md, `booked` while held. */
export const SEAT_BOOKED = "booked";
export const SeatRecordSchema = v.object({ slotId: text, orderId: text, status: v.literal(SEAT_BOOKED) });
export type SeatRecord = v.InferOutput<typeof SeatRecordSchema>;

export const seatKind = defineKind({
  name: "delivery seat",
  schema: SeatRecordSchema,
  key: (slotId: string, orderId: string) => ({
    pk: `${SEATS_PREFIX}${slotId}`,
    sk: `${SEAT_PREFIX}${orderId}`,
  }),
  keys: (seat) => ({ pk: `${SEATS_PREFIX}${seat.slotId}`, sk: `${SEAT_PREFIX}${seat.orderId}` }),
});

/** The access patterns of delivery by name (docs/data-model.md numbers them). */
export const deliveryPatterns = {
  /** Pattern 41: every slot from `date` on, then the rules (TIMETABLE sorts after SLOT#…): one query. */
  slotsFrom: (date: string) => ({
    ...inPartition({ pk: DELIVERY_PARTITION, skFrom: `${SLOT_PREFIX}${date}` }),
    ConsistentRead: true,
  }),
  /** Pattern 43: the seats of one window (its orders), one query. */
  seatsOf: (slotId: string) => ({
    ...inPartition({ pk: `${SEATS_PREFIX}${slotId}`, skBeginsWith: SEAT_PREFIX }),
    ConsistentRead: true,
  }),
};

/** True for an item of the rules kind (pattern 41 reads it with the slots). */
export const isRulesItem = (item: Item): boolean => item[table.sortKey] === RULES_SK;
