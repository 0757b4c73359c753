import { ActionIcon, Indicator } from "@mantine/core";
import { Link } from "react-router-dom";
import { CartIcon } from "../../components/icons.tsx";
import { useShop } from "../../lib/shop-store.ts";

/** The cart icon with a red badge of the total quantity, shown only when the cart holds items. */
export function CartLink() {
  const count = useShop((s) => s.cartItems.reduce((sum, item) => sum + item.quantity, 0));
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart, empty";
  return (
    <Indicator label={count} size={18} color="red" disabled={count === 0} offset={4} fw={700}>
      <ActionIcon
        component={Link}
        to="/cart"
        variant="subtle"
        color="dark"
        size="lg"
        radius="xl"
        aria-label={label}
      >
        <CartIcon size={22} />
      </ActionIcon>
    </Indicator>
  );
}
