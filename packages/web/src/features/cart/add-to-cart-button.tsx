import { Button, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";
import { CartIcon } from "../../components/icons.tsx";
import { useT } from "../../i18n/intl.tsx";

/**
 * The shop's one Add to Cart button (deal block, product page, product cards): orange, rounded, cart
 * icon, busy while the fresh stock check runs. `compact` is the card's small variant.
 */
export function AddToCartButton({
  onClick,
  busy,
  compact = false,
  children,
  ...props
}: ButtonProps & {
  onClick: () => void;
  busy: boolean;
  compact?: boolean;
  children?: ReactNode;
  "aria-label"?: string;
}) {
  const t = useT();
  return (
    <Button
      size={compact ? "xs" : "md"}
      radius="xl"
      color="orange"
      leftSection={<CartIcon size={compact ? 14 : 18} />}
      onClick={onClick}
      loading={busy}
      {...props}
    >
      {children ?? t({ id: "cart.add", defaultMessage: "Add to Cart" })}
    </Button>
  );
}
