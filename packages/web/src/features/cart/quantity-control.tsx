import { useState } from "react";
import type { CartItem } from "../../lib/shop-store.ts";
import { addToCart } from "./add-to-cart.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { atOneStep, atStock, stepFrom } from "./steps.ts";

/**
 * A cart line's quantity (docs/product.md §5): minus is disabled at one step, plus once another step
 * would pass the stock; every change goes through the fresh stock check of `addToCart`.
 */
export function QuantityControl({ item }: { item: CartItem }) {
  const [busy, setBusy] = useState(false);
  const change = async (steps: number) => {
    setBusy(true);
    try {
      await addToCart(item, { quantity: stepFrom(item, item.quantity, steps) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <QuantityStepper
      name={item.name}
      unit={item.unit}
      quantity={item.quantity}
      lowerDisabled={busy || atOneStep(item, item.quantity)}
      raiseDisabled={busy || atStock(item, item.quantity, item.countInStock)}
      onLower={() => change(-1)}
      onRaise={() => change(1)}
    />
  );
}
