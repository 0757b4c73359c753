import { formatMoney } from "@fruit/core/browser/money/pricing";
import type { ProductDetail } from "@fruit/core/browser/products/product.schema";
import { Badge, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { RatingStars } from "../../components/rating-stars.tsx";
import { AddToCartButton, addToCart } from "../cart/index.ts";

/** Name, rating, price per kg, description, stock badge and Add to Cart (only with stock) → /cart. */
export function BuyBox({ product }: { product: ProductDetail }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const inStock = product.countInStock > 0;
  const add = async () => {
    setBusy(true);
    const added = await addToCart(product);
    setBusy(false);
    if (added) navigate("/cart");
  };
  return (
    <Stack gap="md">
      <Text size="sm" tt="uppercase" c="dimmed" fw={700}>
        {product.category} · {product.brand}
      </Text>
      <Title order={1}>{product.name}</Title>
      <RatingStars value={product.rating} count={product.numReviews} />
      <Text fz={32} fw={800} c="green.9">
        {formatMoney(product.price)}{" "}
        <Text span size="md" c="dimmed" fw={500}>
          per kg
        </Text>
      </Text>
      <Text c="dark.5">{product.description}</Text>
      <Divider />
      <Card withBorder radius="lg" padding="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>Status</Text>
            {inStock ? (
              <Badge color="green" variant="light" size="lg">
                In Stock
              </Badge>
            ) : (
              <Badge color="red" variant="light" size="lg">
                Unavailable
              </Badge>
            )}
          </Group>
          {inStock && <AddToCartButton onClick={add} busy={busy} />}
        </Stack>
      </Card>
    </Stack>
  );
}
