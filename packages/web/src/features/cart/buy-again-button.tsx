import type { OrderLine } from "@fruit/core/browser/orders";
import type { Product } from "@fruit/core/browser/products";
import { Alert, Anchor, Button, List, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { defineMessages, type MessageDescriptor } from "react-intl";
import { Link } from "react-router-dom";
import type { Formatters } from "../../i18n/format.ts";
import { useFormat, useT } from "../../i18n/intl.tsx";
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

const CHANGE: Record<"dearer" | "cheaper" | "capped" | "unavailable", MessageDescriptor> = defineMessages({
  dearer: { id: "buyAgain.dearer", defaultMessage: "{name}: now dearer, {now} (was {was})" },
  cheaper: { id: "buyAgain.cheaper", defaultMessage: "{name}: now cheaper, {now} (was {was})" },
  capped: { id: "buyAgain.capped", defaultMessage: "{name}: only {given} in stock (you had {wanted})" },
  unavailable: { id: "buyAgain.unavailable", defaultMessage: "{name}: not available today, left out" },
});

/** One change, as the shopper reads it, in the page's language. */
export function describeChange(
  change: BuyAgainChange,
  t: ReturnType<typeof useT>,
  format: Formatters,
): string {
  switch (change.kind) {
    case "price up":
    case "price down":
      return t(change.kind === "price up" ? CHANGE.dearer : CHANGE.cheaper, {
        name: change.name,
        now: format.money(change.now),
        was: format.money(change.was),
      });
    case "capped":
      return t(CHANGE.capped, {
        name: change.name,
        given: format.quantity(change.unit, change.given),
        wanted: format.quantity(change.unit, change.wanted),
      });
    case "unavailable":
      return t(CHANGE.unavailable, { name: change.name });
  }
}

/**
 * "Buy again" on the order screen and in the order history: puts the order's lines in the cart at
 * today's prices and stock (buy-again.ts), then says what changed, with a link to the cart.
 */
export function BuyAgainButton({ lines, orderId }: { lines: readonly OrderLine[]; orderId: string }) {
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<BuyAgainPlan>();
  const t = useT();
  const format = useFormat();
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
        aria-label={t({ id: "buyAgain.label", defaultMessage: "Buy again order {id}" }, { id: orderId })}
      >
        {t({ id: "buyAgain.button", defaultMessage: "Buy again" })}
      </Button>
      {plan && (
        <Alert
          color={plan.items.length === 0 ? "red" : plan.changes.length === 0 ? "green" : "yellow"}
          role="status"
          title={
            plan.items.length === 0
              ? t({ id: "buyAgain.nothing", defaultMessage: "Nothing of this order is available today" })
              : t(
                  {
                    id: "buyAgain.put",
                    defaultMessage: "{count, plural, one {# line} other {# lines}} put in your cart",
                  },
                  { count: plan.items.length },
                )
          }
        >
          <Stack gap={4}>
            {plan.changes.length === 0 ? (
              <Text size="sm">
                {t({ id: "buyAgain.same", defaultMessage: "Same prices as then, all in stock." })}
              </Text>
            ) : (
              <List size="sm">
                {plan.changes.map((change) => (
                  <List.Item key={`${change.kind} ${change.name}`}>
                    {describeChange(change, t, format)}
                  </List.Item>
                ))}
              </List>
            )}
            {plan.items.length > 0 && (
              <Anchor component={Link} to="/cart" size="sm">
                {t({ id: "buyAgain.toCart", defaultMessage: "Go to cart" })}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
