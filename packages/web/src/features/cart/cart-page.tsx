import { Button, Container, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { CartIcon } from "../../components/icons.tsx";
import { useShop } from "../../lib/shop-store.ts";
import { CartLines } from "./cart-lines.tsx";
import { CartTotals } from "./cart-totals.tsx";

/** docs/product.md §8: the empty cart's message. */
export const CART_EMPTY_MESSAGE = "Cart is empty, Please add to cart";

/** /cart — lines with minus/plus and remove, and the totals box with Check Out. */
export function CartPage() {
  const items = useShop((s) => s.cartItems);
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        Shopping Cart
      </Title>
      {items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="md">
            <CartIcon size={48} color="var(--mantine-color-gray-5)" />
            <Text size="lg">{CART_EMPTY_MESSAGE}</Text>
            <Button component={Link} to="/products" radius="xl">
              Browse products
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
