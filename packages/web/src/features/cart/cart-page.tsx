import { Button, Container, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { Link } from "react-router-dom";
import { CartIcon } from "../../components/icons.tsx";
import { useT } from "../../i18n/intl.tsx";
import { useShop } from "../../lib/shop-store.ts";
import { CartLines } from "./cart-lines.tsx";
import { CartTotals } from "./cart-totals.tsx";

/** docs/product.md §8: the empty cart's message. */
export const CART_EMPTY_MESSAGE: MessageDescriptor = defineMessage({
  id: "cart.empty",
  defaultMessage: "Cart is empty, Please add to cart",
});

/** /cart — lines with minus/plus and remove, and the totals box with Check Out. */
export function CartPage() {
  const items = useShop((s) => s.cartItems);
  const t = useT();
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        {t({ id: "cart.title", defaultMessage: "Shopping Cart" })}
      </Title>
      {items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="md">
            <CartIcon size={48} color="var(--mantine-color-gray-5)" />
            <Text size="lg">{t(CART_EMPTY_MESSAGE)}</Text>
            <Button component={Link} to="/products" radius="xl">
              {t({ id: "notFound.products", defaultMessage: "Browse products" })}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CartLines items={items} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CartTotals items={items} />
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
