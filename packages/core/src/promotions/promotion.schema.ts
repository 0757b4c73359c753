import * as v from "valibot";
import { PROMOTION_KINDS, type PromotionKind } from "../money/discount.ts";
import { isWholeCents } from "../money/pricing.ts";
import { PageQueryEntries } from "../paging.schema.ts";

/**
 * Browser-safe shapes of promotions (docs/decisions/049-promotions-split-to-the-cent.md): the body of
 * `POST /api/promotions` and `PUT /api/promotions/{id}` and a promotion as the API answers it (the
 * preview's question and answer are the orders room's: orders/order.schema.ts). Money in dollars, as
 * everywhere in the API; core stores cents.
 */

/** A code: letters, digits, hyphens and underscores, matched case-insensitively (`SPRING-20` = `spring-20`). */
export const PromoCodeSchema = v.pipe(
  v.string("code must be text"),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{3,32}$/, "code must be 3 to 32 letters, digits, hyphens or underscores"),
);

/** The form a code is matched and kept unique by. */
export const normalCode = (code: string): string => code.trim().toUpperCase();

const instant = (field: string) =>
  v.pipe(
    v.string(`${field} must be an ISO instant`),
    v.isoTimestamp(`${field} must be an ISO instant such as 2026-12-01T05:00:00Z`),
  );
const dollars = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.finite(`${field} must be a number`),
    v.minValue(0, `${field} must be 0 or more`),
    v.maxValue(1_000_000, `${field} must be at most 1000000`),
    v.check(isWholeCents, `${field} must be whole cents`),
  );
const count = (field: string) =>
  v.nullable(
    v.pipe(
      v.number(`${field} must be a whole number`),
      v.integer(`${field} must be a whole number`),
      v.minValue(1, `${field} must be at least 1`),
      v.maxValue(1_000_000_000, `${field} is too large`),
    ),
  );
const ids = (field: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)), `${field} must be a list`),
      v.maxLength(100, `${field} holds at most 100 entries`),
    ),
    [],
  );

/**
 * A promotion as the administrator sets it. `value` is the percent for `percent` (more than 0, at
 * most 100, two decimals), dollars for `amount` (more than 0, whole cents) and ignored (0) for
 * `freeShipping`. `products` and `categories` name the eligible lines (both empty: every line).
 */
export const PromotionInputSchema = v.pipe(
  v.object({
    code: PromoCodeSchema,
    kind: v.picklist(PROMOTION_KINDS, `kind must be one of ${PROMOTION_KINDS.join(", ")}`),
    value: v.optional(dollars("value"), 0),
    minItemsPrice: v.optional(dollars("minItemsPrice"), 0),
    startsAt: v.nullish(instant("startsAt"), null),
    endsAt: v.nullish(instant("endsAt"), null),
    usageLimit: v.optional(count("usageLimit"), null),
    perCustomerLimit: v.optional(count("perCustomerLimit"), null),
    firstOrderOnly: v.optional(v.boolean("firstOrderOnly must be true or false"), false),
    products: ids("products"),
    categories: ids("categories"),
    active: v.optional(v.boolean("active must be true or false"), true),
  }),
  v.forward(
    v.check(
      (p) => p.kind === "freeShipping" || p.value > 0,
      "value must be more than 0 for a percent or amount promotion",
    ),
    ["value"],
  ),
  v.forward(
    v.check(
      (p) =>
        p.kind !== "percent" ||
        (p.value <= 100 && Math.abs(p.value * 100 - Math.round(p.value * 100)) < 1e-6),
      "value of a percent promotion must be at most 100, with at most 2 decimals",
    ),
    ["value"],
  ),
  v.forward(
    v.check(
      (p) => p.startsAt === null || p.endsAt === null || Date.parse(p.startsAt) < Date.parse(p.endsAt),
      "endsAt must be after startsAt",
    ),
    ["endsAt"],
  ),
);
export type PromotionInput = v.InferOutput<typeof PromotionInputSchema>;

/** A promotion as the API answers it: the input as stored, its id, and how often it was used. */
export interface Promotion {
  _id: string;
  code: string;
  kind: PromotionKind;
  value: number;
  minItemsPrice: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
  products: string[];
  categories: string[];
  active: boolean;
  /** Orders placed with it and not given back (an unpaid order that expired or was cancelled gives its use back). */
  uses: number;
  createdAt: string;
  updatedAt: string;
}

/** Query of GET /api/promotions (admin): paging only, newest first. */
export const PromotionListQuerySchema = v.object(PageQueryEntries);
export type PromotionListQuery = v.InferOutput<typeof PromotionListQuerySchema>;
