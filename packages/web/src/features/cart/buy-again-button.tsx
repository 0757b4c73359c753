import { formatMoney, formatQuantity } from "@fruit/core/browser/money";
import type { OrderLine } from "@fruit/core/browser/orders";
import type { Product } from "@fruit/core/browser/products";
import { Alert, Anchor, Button, List, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "../../lib/api.ts";
import { notifyError } from "../../lib/notify.ts";
import { shop } from "../../lib/shop-store.ts";
import { fetchProduct, productKey } from "../../resources/products.ts";
import { type BuyAgainChange, type BuyAgainPlan, planBuyAgain } from "./buy-again.ts";

/** Today's product of each line, fresh (past the browser's cache); undefined when no longer sold (404). */
async function productsToday(lines: readonly OrderLine[]): Promise<Map<string, Product | undefined>> {
  const ids = [...new Set(lines.map((line) => line._id))];
  const read = await Promise.all(
    ids.map((id) =>
      fetchProduct(productKey({ id }), { cache: "no-store" }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      }),
    ),
  );
  return new Map(ids.map((id, index) => [id, read[index]]));
}

/** One change, as the shopper reads it. */
export function describeChange(change: BuyAgainChange): string {
  switch (change.kind) {
    case "price up":
    case "price down":
      return `${change.name}: ${change.kind === "price up" ? "now dearer" : "now cheaper"}, ${formatMoney(change.now)} (was ${formatMoney(change.was)})`;
    case "capped":
      return `${change.name}: only ${formatQuantity(change.unit, change.given)} in stock (you had ${formatQuantity(change.unit, change.wanted)})`;
    case "unavailable":
      return `${change.name}: not available today, left out`;
  }
}

/**
 * "Buy again" on the order screen and in the order history: puts the order's lines in the cart at
 * today's prices and stock (buy-again.ts), then says what changed, with a link to the cart.
 */
export function BuyAgainButton({ lines, orderId }: { lines: readonly OrderLine[]; orderId: string }) {
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<BuyAgainPlan>();
  const buy = async () => {
    setBusy(true);
    try {
      const next = planBuyAgain(lines, await productsToday(lines));
      for (const item of next.items) shop.addToCart(item);
      setPlan(next);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Button
        size="xs"
        radius="xl"
        variant="light"
        loading={busy}
        onClick={buy}
        aria-label={`Buy again order ${orderId}`}
      >
        Buy again
      </Button>
      {plan && (
        <Alert
          color={plan.items.length === 0 ? "red" : plan.changes.length === 0 ? "green" : "yellow"}
          role="status"
          title={
            plan.items.length === 0
              ? "Nothing of this order is available today"
              : `${plan.items.length} ${plan.items.length === 1 ? "line" : "lines"} put in your cart`
          }
        >
          <Stack gap={4}>
            {plan.changes.length === 0 ? (
              <Text size="sm">Same prices as then, all in stock.</Text>
            ) : (
              <List size="sm">
                {plan.changes.map((change) => (
                  <List.Item key={`${change.kind} ${change.name}`}>{describeChange(change)}</List.Item>
                ))}
              </List>
            )}
            {plan.items.length > 0 && (
              <Anchor component={Link} to="/cart" size="sm">
                Go to cart
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
