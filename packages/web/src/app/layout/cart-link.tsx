import { ActionIcon, Indicator } from "@mantine/core";
import { Link } from "react-router-dom";
import { CartIcon } from "../../components/icons.tsx";
import { useT } from "../../i18n/intl.tsx";
import { cartItemCount, useShop } from "../../lib/shop-store.ts";

/**
 * The cart icon with a red badge of the items the cart holds (pieces, and one per weighed line),
 * shown only when the cart holds items.
 */
export function CartLink() {
  const count = useShop((s) => cartItemCount(s.cartItems));
  const t = useT();
  const label = t(
    {
      id: "header.cart",
      defaultMessage: "{count, plural, =0 {Cart, empty} one {Cart, # item} other {Cart, # items}}",
    },
    { count },
  );
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
