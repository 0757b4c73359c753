import { exists, notExists } from "../db/conditions.ts";
import { whenConditionFails, writtenUnlessRefused } from "../db/errors.ts";
import { getItem, putItem, updateItem } from "../db/items.ts";
import type { Action } from "../db/kind.ts";
import { queryAll } from "../db/query.ts";
import { tryTransact } from "../db/transact.ts";
import {
  deliveryPatterns,
  isRulesItem,
  type RulesRecord,
  rulesKind,
  type SlotRecord,
  slotKind,
} from "./delivery.records.ts";

/**
 * Storage of delivery (docs/data-model.md: Delivery rules, Delivery slot and Seat items, patterns
 * 33-36; docs/decisions/040-delivery-windows.md). The seats an order takes and gives back are written
 * by the stores that move the order, in its own transaction (seats.ts); this store reads the rules
 * and windows, writes the administrator's changes and moves an order between windows.
 */

/** `capacity` is one of DynamoDB's reserved words. */
const CAPACITY = { "#capacity": "capacity" };

/** Pattern 41: the rules and every slot from `date` on, in one query. */
async function slotsFrom(date: string): Promise<{ rules: RulesRecord | undefined; slots: SlotRecord[] }> {
  const items = await queryAll(deliveryPatterns.slotsFrom(date));
  const rulesItem = items.find(isRulesItem);
  return {
    rules: rulesItem ? rulesKind.decode(rulesItem) : undefined,
    slots: items.filter((item) => !isRulesItem(item)).map(slotKind.decode),
  };
}

/** Pattern 40: the rules alone. */
const getRules = async (): Promise<RulesRecord | undefined> =>
  rulesKind.decodeFound(await getItem(rulesKind.key()));

/** Pattern 42: one slot, strongly consistent. */
const getSlot = async (id: string): Promise<SlotRecord | undefined> =>
  slotKind.decodeFound(await getItem(slotKind.key(id)));

/**
 * Creates slots that do not exist yet (the rules' windows, materialised on first listing or booking).
 * Each put is conditional, so a slot created meanwhile — and its bookings — is never overwritten.
 */
async function createSlots(slots: readonly SlotRecord[]): Promise<void> {
  await Promise.all(
    slots.map((slot) =>
      writtenUnlessRefused(putItem(slotKind.put(slot, { ConditionExpression: notExists() }))),
    ),
  );
}

/** Adds a one-off slot; `exists` when a window with the same date, start and end is there. */
async function addSlot(slot: SlotRecord): Promise<"added" | "exists"> {
  const added = await writtenUnlessRefused(putItem(slotKind.put(slot, { ConditionExpression: notExists() })));
  return added ? "added" : "exists";
}

/**
 * Changes a slot's capacity or closes (reopens) it, only while its capacity stays at or above what is
 * booked. The slot as written, or undefined when it is gone or booked beyond the new capacity.
 */
async function changeSlot(
  id: string,
  change: { capacity?: number | undefined; closed?: boolean | undefined },
): Promise<SlotRecord | undefined> {
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (change.capacity !== undefined) {
    sets.push("#capacity = :capacity");
    values[":capacity"] = change.capacity;
  }
  if (change.closed !== undefined) {
    sets.push("closed = :closed");
    values[":closed"] = change.closed;
  }
  return whenConditionFails(
    updateItem(
      slotKind.update(slotKind.key(id), {
        UpdateExpression: `SET ${sets.join(", ")}`,
        ConditionExpression: `${exists()}${change.capacity === undefined ? "" : " AND booked <= :capacity"}`,
        ...(change.capacity === undefined ? {} : { ExpressionAttributeNames: CAPACITY }),
        ExpressionAttributeValues: values,
        ReturnValues: "ALL_NEW",
      }),
    ).then(slotKind.decodeFound),
    () => undefined,
  );
}

/**
 * A rules change's effect on one slot the rules made: new times, capacity and cut-off (`set`); dropped
 * by the rules with nothing booked (`drop`: deleted); dropped with bookings (`close`: they stand, no
 * new one is taken).
 */
export type SlotUpdate =
  | { slot: SlotRecord; set: Pick<SlotRecord, "startsAt" | "endsAt" | "cutoffAt" | "capacity"> }
  | { slot: SlotRecord; drop: true }
  | { slot: SlotRecord; close: true };

function slotAction(update: SlotUpdate): Action[] {
  const key = slotKind.key(update.slot.id);
  if ("drop" in update) {
    return slotKind.delete(key, {
      ConditionExpression: `${exists()} AND booked = :none`,
      ExpressionAttributeValues: { ":none": 0 },
    });
  }
  if ("close" in update) {
    return [
      slotKind.update(key, {
        UpdateExpression: "SET closed = :true",
        ConditionExpression: exists(),
        ExpressionAttributeValues: { ":true": true },
      }),
    ];
  }
  return [
    slotKind.update(key, {
      UpdateExpression: "SET #capacity = :capacity, startsAt = :starts, endsAt = :ends, cutoffAt = :cutoff",
      ConditionExpression: `${exists()} AND booked <= :capacity`,
      ExpressionAttributeNames: CAPACITY,
      ExpressionAttributeValues: {
        ":capacity": update.set.capacity,
        ":starts": update.set.startsAt,
        ":ends": update.set.endsAt,
        ":cutoff": update.set.cutoffAt,
      },
    }),
  ];
}

/**
 * Writes new rules and their effect on the slots they made, in one transaction (at most MAX_WINDOWS
 * windows over MAX_BOOKING_DAYS days: under 100 actions): the rules only if they are still the
 * version read (absent: none yet), and each slot's change only while it holds what is booked.
 * When refused, `slot` names the slot whose bookings moved meanwhile (undefined: the rules did).
 */
async function putRules(
  rules: RulesRecord,
  readVersion: number | undefined,
  updates: readonly SlotUpdate[],
): Promise<{ written: true } | { written: false; slot: SlotRecord | undefined }> {
  const rulesPut = rulesKind.put(
    rules,
    readVersion === undefined
      ? { ConditionExpression: notExists() }
      : { ConditionExpression: "version = :read", ExpressionAttributeValues: { ":read": readVersion } },
  );
  const slotActions = updates.map((update): [SlotRecord, Action[]] => [update.slot, slotAction(update)]);
  const cancelled = await tryTransact([rulesPut, ...slotActions.flatMap(([, actions]) => actions)]);
  if (!cancelled) return { written: true };
  const refused = slotActions.find(([, actions]) => actions.some((action) => cancelled.failed(action)));
  return { written: false, slot: refused?.[0] };
}

/** The delivery store (see the top of this file). */
export const deliveryStore = {
  slotsFrom,
  getRules,
  getSlot,
  createSlots,
  addSlot,
  changeSlot,
  putRules,
};
