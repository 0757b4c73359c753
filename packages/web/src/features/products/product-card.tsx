import { formatMoney } from "@fruit/core/money/pricing";
import type { Product } from "@fruit/core/products/product.schema";
import { Badge, Button, Card, Group, Image, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { CartIcon } from "../../components/icons.tsx";
import { RatingStars } from "../../components/rating-stars.tsx";
import { notifySuccess } from "../../lib/notify.ts";
import { addToCart, OUT_OF_STOCK_CARD_MESSAGE } from "../cart/add-to-cart.ts";
import classes from "./product-card.module.css";

/** A catalogue card: picture and name link to /product/{slug}; Add to Cart runs the stock check. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const [busy, setBusy] = useState(false);
  const soldOut = product.countInStock <= 0;
  const add = async () => {
    setBusy(true);
    try {
      if (await addToCart(product, { outOfStockMessage: OUT_OF_STOCK_CARD_MESSAGE })) {
        notifySuccess(`${product.name} added to your cart`);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="sm" className={classes.card} component="article">
      <Card.Section className={classes.media}>
        <Link to={`/product/${product.slug}`} tabIndex={-1} aria-hidden="true">
          <Image
            src={product.image}
            alt=""
            width={400}
            height={300}
            h={{ base: 130, sm: 190 }}
            fit="cover"
            loading={eager ? "eager" : "lazy"}
            className={classes.image}
          />
        </Link>
        {soldOut && (
          <Badge color="gray" variant="filled" className={classes.badge}>
            Sold out
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
          {product.category}
        </Text>
        <Link to={`/product/${product.slug}`} className={classes.title}>
          {product.name}
        </Link>
        <RatingStars value={product.rating} count={product.numReviews} size={14} />
        <Group justify="space-between" mt="auto" pt="xs" gap={6}>
          <Text fw={800} size="lg" c="green.9">
            {formatMoney(product.price)}
            <Text span size="xs" c="dimmed" fw={500}>
              {" "}
              / kg
            </Text>
          </Text>
          <Button
            size="xs"
            radius="xl"
            color="orange"
            leftSection={<CartIcon size={14} />}
            onClick={add}
            loading={busy}
            aria-label={`Add ${product.name} to cart`}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
