import * as v from "valibot";
import { defineKind } from "../db/kind.ts";
import { ZoneMatchSchema } from "./zone.schema.ts";

/**
 * The stored kind of delivery zones (docs/data-model.md: Delivery zones, pattern 59;
 * docs/decisions/046-zones-and-tax-classes.md): ONE item holding every zone, so placement reads the
 * zones with one cached GetItem (db/cached-item.ts).
 *
 * - zones: pk DELIVERY_ZONES, sk ZONES
 *
 * Not in the DELIVERY partition: pattern 41 reads that partition's slots and rules in one query.
 */

const cents = v.pipe(v.number(), v.integer(), v.minValue(0));

const ZoneRuleSchema = v.object({
  id: v.string(),
  name: v.string(),
  match: ZoneMatchSchema,
  feeCents: cents,
  freeOverCents: v.nullable(cents),
  minimumCents: cents,
  weekdays: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)))),
});

export const ZonesRecordSchema = v.object({
  zones: v.array(ZoneRuleSchema),
  updatedAt: v.string(),
});
export type ZonesRecord = v.InferOutput<typeof ZonesRecordSchema>;

export const zonesKind = defineKind({
  name: "delivery zones",
  schema: ZonesRecordSchema,
  key: () => ({ pk: "DELIVERY_ZONES", sk: "ZONES" }),
  keys: () => ({ pk: "DELIVERY_ZONES", sk: "ZONES" }),
});
