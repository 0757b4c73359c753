import type { ProductDetail } from "@fruit/core/browser/products";
import { Badge, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { RatingStars } from "../../components/rating-stars.tsx";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { AddToCartButton, addToCart, atOneStep, atStock, QuantityStepper, stepFrom } from "../cart/index.ts";
import { DeliverEveryWeekButton } from "../subscriptions/index.ts";
import { RestockAlertBox } from "./restock/restock-alert-box.tsx";

/**
 * Name, rating, price per kg or per piece, description, stock badge, the quantity to add (in the
 * product's steps, up to its stock) and Add to Cart (only with at least one step in stock) → /cart;
 * sold out, "Notify me when it's back" (restock/restock-alert-box.tsx).
 */
export function BuyBox({ product }: { product: ProductDetail }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const format = useFormat();
  // The quantity chosen here, for this product (another product's page starts again at one step).
  const [chosen, setChosen] = useState({ id: product._id, quantity: product.step });
  const quantity = chosen.id === product._id ? chosen.quantity : product.step;
  const inStock = product.countInStock >= product.step;
  const change = (steps: number) =>
    setChosen({ id: product._id, quantity: stepFrom(product, quantity, steps) });
  const add = async () => {
    setBusy(true);
    const added = await addToCart(product, { adding: quantity });
    setBusy(false);
    if (added) navigate("/cart");
  };
  return (
    <Stack gap="md">
      <Text size="sm" tt="uppercase" c="dimmed" fw={700}>
        {product.category} · {product.brand}
      </Text>
      {/* A text the shop has only in English says so on a French page (docs/decisions/050-i18n-formatjs.md). */}
      <Title order={1} lang={product.lang && product.lang !== format.locale ? product.lang : undefined}>
        {product.name}
      </Title>
      <RatingStars value={product.rating} count={product.numReviews} />
      <Text fz={32} fw={800} c="green.9">
        {format.money(product.price)}{" "}
        <Text span size="md" c="dimmed" fw={500}>
          {t(
            { id: "product.per", defaultMessage: "{unit, select, kg {per kg} other {per piece}}" },
            { unit: product.unit },
          )}
        </Text>
      </Text>
      <Text c="dark.5" lang={product.lang && product.lang !== format.locale ? product.lang : undefined}>
        {product.description}
      </Text>
      <Divider />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{t({ id: "product.status", defaultMessage: "Status" })}</Text>
            {inStock ? (
              <Badge color="green" variant="light" size="lg">
                {t({ id: "product.inStock", defaultMessage: "In Stock" })}
              </Badge>
            ) : (
              <Badge color="red" variant="light" size="lg">
                {t({ id: "product.unavailable", defaultMessage: "Unavailable" })}
              </Badge>
            )}
          </Group>
          {product.countInStock <= 0 && <RestockAlertBox product={product} />}
          {inStock && (
            <>
              <Group justify="space-between">
                <Text fw={600}>{t({ id: "product.quantity", defaultMessage: "Quantity" })}</Text>
                <QuantityStepper
                  name={product.name}
                  unit={product.unit}
                  quantity={quantity}
                  lowerDisabled={busy || atOneStep(product, quantity)}
                  raiseDisabled={busy || atStock(product, quantity, product.countInStock)}
                  onLower={() => change(-1)}
                  onRaise={() => change(1)}
                />
              </Group>
              {product.step !== 1 && (
                <Text size="sm" c="dimmed">
                  {t(
                    { id: "product.steps", defaultMessage: "Sold in steps of {step}" },
                    { step: format.quantity(product.unit, product.step) },
                  )}
                </Text>
              )}
              <AddToCartButton onClick={add} busy={busy} />
              <DeliverEveryWeekButton
                fullWidth
                items={[{ _id: product._id, name: product.name, quantity }]}
              />
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
