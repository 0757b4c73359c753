import { exists } from "@fruit/core/internal/db/conditions";
import { getItem } from "@fruit/core/internal/db/items";
import type { Item } from "@fruit/core/internal/db/kind";
import { queryAll } from "@fruit/core/internal/db/query";
import { AGAIN, giveUp, retrying } from "@fruit/core/internal/db/retry";
import { BASE_PER_UNIT } from "@fruit/core/internal/money/quantity";
import { OrderRecordSchema, orderKind, StoredLineSchema } from "@fruit/core/internal/orders/order.records";
import {
  ProductRecordSchema,
  productKind,
  productPatterns,
} from "@fruit/core/internal/products/product.records";
import * as v from "valibot";
import { ordersMatching, updateIfStill } from "./migration.ts";

/**
 * Before selling units (docs/decisions/027-selling-units.md), every product sold whole kilograms:
 * it had no `unit` or `step`, and its `countInStock` and its order lines' `quantity` counted
 * kilograms. Today's shape counts base units (grams or pieces). Each such product becomes `unit: kg`,
 * `step: 1000` (g) with its stock in grams, conditioned on the stock it read (an order taking stock
 * meanwhile makes it read again); then each order whose lines have no unit gets them in grams, with
 * `step: 1000`, conditioned on its lines still having none (lines never change otherwise). Products
 * go first, so stock an order gives back is always grams into grams. Reads every product once
 * (pattern 1) and every order once (pattern 17).
 */
export const id = "2026-11-25-selling-units";
export const description =
  "products and order lines of before selling units become kg in steps of 1 kg, counted in grams";

const GRAMS_PER_KG = BASE_PER_UNIT.kg;
const NO_UNIT = "attribute_not_exists(#unit)";
const LINES_WITHOUT_UNIT = "attribute_not_exists(orderItems[0].#unit)";

/** What the migration reads of an old product: its id and whole kilograms in stock. */
const OldProduct = v.object({
  id: ProductRecordSchema.entries.id,
  countInStock: ProductRecordSchema.entries.countInStock,
  unit: v.optional(ProductRecordSchema.entries.unit),
});

/** An old order line: today's line without unit and step, its quantity in whole kilograms. */
const OldLine = v.omit(StoredLineSchema, ["unit", "step"]);
const OldOrder = v.object({ id: OrderRecordSchema.entries.id, orderItems: v.array(OldLine) });

/** Gives one product its unit and its stock in grams; false when it has a unit already or is gone. */
function upgradeProduct(productId: string): Promise<boolean> {
  return retrying(
    "changedMeanwhile",
    async () => {
      const stored = await getItem(productKind.key(productId), { consistent: true });
      if (!stored) return false;
      const product = productKind.decodePart(OldProduct, stored);
      if (product.unit !== undefined) return false;
      const written = await updateIfStill(
        productKind.update(productKind.key(productId), {
          UpdateExpression: "SET #unit = :kg, #step = :step, countInStock = :grams",
          ConditionExpression: `${exists()} AND ${NO_UNIT} AND countInStock = :read`,
          ExpressionAttributeNames: { "#unit": "unit", "#step": "step" },
          ExpressionAttributeValues: {
            ":kg": "kg",
            ":step": GRAMS_PER_KG,
            ":grams": product.countInStock * GRAMS_PER_KG,
            ":read": product.countInStock,
          },
        }),
      );
      return written ? true : AGAIN;
    },
    giveUp(
      () => new Error(`Product ${productId} kept changing while its stock was counted in grams; run again`),
    ),
  );
}

/** Gives one order's lines their unit, step and quantity in grams; false when they have them already. */
async function upgradeOrder(item: Item): Promise<boolean> {
  const order = orderKind.decodePart(OldOrder, item);
  const lines = order.orderItems.map((line) => ({
    ...line,
    unit: "kg",
    step: GRAMS_PER_KG,
    quantity: line.quantity * GRAMS_PER_KG,
  }));
  return updateIfStill(
    orderKind.update(orderKind.key(order.id), {
      UpdateExpression: "SET orderItems = :lines",
      ConditionExpression: `${exists()} AND ${LINES_WITHOUT_UNIT}`,
      ExpressionAttributeNames: { "#unit": "unit" },
      ExpressionAttributeValues: { ":lines": lines },
    }),
  );
}

/** Pattern 1, filtered: the raw items of the products without a unit. */
const productsWithoutUnit = (): Promise<Item[]> =>
  queryAll({
    ...productPatterns.all(),
    FilterExpression: NO_UNIT,
    ExpressionAttributeNames: { "#unit": "unit" },
  });

/** Pattern 17 (and the partition of before shards), filtered: the orders whose lines have no unit. */
const ordersWithoutUnits = (): Promise<Item[]> =>
  ordersMatching({ FilterExpression: LINES_WITHOUT_UNIT, ExpressionAttributeNames: { "#unit": "unit" } });

/** Upgrades every product, then every order, of before selling units; answers how many items changed. */
export async function run(): Promise<number> {
  let changed = 0;
  for (const item of await productsWithoutUnit()) {
    if (await upgradeProduct(productKind.decodePart(OldProduct, item).id)) changed += 1;
  }
  for (const item of await ordersWithoutUnits()) {
    if (await upgradeOrder(item)) changed += 1;
  }
  return changed;
}
