import { ActionIcon, Group, Text } from "@mantine/core";
import { useState } from "react";
import { MinusIcon, PlusIcon } from "../../components/icons.tsx";
import type { CartItem } from "../../lib/shop-store.ts";
import { addToCart } from "./add-to-cart.ts";

/**
 * Minus / quantity / plus (docs/product.md §5): minus is disabled at 1, plus once the quantity reaches the
 * stock; every change goes through the fresh stock check of `addToCart`.
 */
export function QuantityControl({ item }: { item: CartItem }) {
  const [busy, setBusy] = useState(false);
  const change = async (quantity: number) => {
    setBusy(true);
    try {
      await addToCart(item, { quantity });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        radius="xl"
        size="md"
        aria-label={`Decrease quantity of ${item.name}`}
        disabled={busy || item.quantity <= 1}
        onClick={() => change(item.quantity - 1)}
      >
        <MinusIcon size={14} />
      </ActionIcon>
      <Text fw={700} miw={28} ta="center" aria-label={`Quantity of ${item.name}`} aria-live="polite">
        {item.quantity}
      </Text>
      <ActionIcon
        variant="default"
        radius="xl"
        size="md"
        aria-label={`Increase quantity of ${item.name}`}
        disabled={busy || item.quantity >= item.countInStock}
        onClick={() => change(item.quantity + 1)}
      >
        <PlusIcon size={14} />
      </ActionIcon>
    </Group>
  );
}
