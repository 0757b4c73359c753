import { lineTotal as lineDollars } from "@fruit/core/browser/money";
import { ActionIcon, Anchor, Card, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Link } from "react-router-dom";
import table from "../../components/data-table.module.css";
import { TrashIcon } from "../../components/icons.tsx";
import { fixedSize } from "../../components/image-sizes.ts";
import { Picture, THUMB_STYLE } from "../../components/picture.tsx";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { type CartItem, shop } from "../../lib/shop-store.ts";
import { QuantityControl } from "./quantity-control.tsx";

function RemoveButton({ item }: { item: CartItem }) {
  const t = useT();
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      radius="xl"
      aria-label={t(
        { id: "cart.remove.label", defaultMessage: "Remove {name} from cart" },
        { name: item.name },
      )}
      onClick={() => shop.removeFromCart(item._id)}
    >
      <TrashIcon size={18} />
    </ActionIcon>
  );
}

function Thumb({ item, size }: { item: CartItem; size: number }) {
  return (
    <Picture
      src={item.image}
      alt=""
      sizes={fixedSize(size)}
      width={size}
      height={size}
      style={{ ...THUMB_STYLE, width: size, height: size }}
      loading="lazy"
    />
  );
}

function ProductName({ item }: { item: CartItem }) {
  return (
    <Anchor component={Link} to={`/product/${item.slug}`} fw={600} c="dark">
      {item.name}
    </Anchor>
  );
}

/** The cart's lines: a table on wide screens, stacked cards on a phone. */
export function CartLines({ items }: { items: CartItem[] }) {
  const phone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const t = useT();
  const format = useFormat();
  /** The line's total by the one pricing rule (the checkout's and the server's). */
  const lineTotal = (item: CartItem) => format.money(lineDollars(item));
  if (phone) {
    return (
      <Stack gap="sm">
        {items.map((item) => (
          <Card key={item._id} withBorder radius="lg" padding="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Thumb item={item} size={72} />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <ProductName item={item} />
                  <RemoveButton item={item} />
                </Group>
                <Text size="sm" c="dimmed">
                  {format.money(item.price)} / {format.perUnit(item.unit)}
                </Text>
                <Group justify="space-between">
                  <QuantityControl item={item} />
                  <Text fw={700}>{lineTotal(item)}</Text>
                </Group>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="lg" padding={0} className={table.wrap}>
      <table className={table.table}>
        <thead>
          <tr>
            <th>
              <VisuallyHidden>{t({ id: "cart.col.remove", defaultMessage: "Remove" })}</VisuallyHidden>
            </th>
            <th>{t({ id: "cart.col.product", defaultMessage: "Product" })}</th>
            <th>{t({ id: "cart.col.price", defaultMessage: "Price" })}</th>
            <th>{t({ id: "product.quantity", defaultMessage: "Quantity" })}</th>
            <th className={table.right}>{t({ id: "cart.col.total", defaultMessage: "Total" })}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id}>
              <td style={{ width: 48 }}>
                <RemoveButton item={item} />
              </td>
              <td>
                <Group gap="sm" wrap="nowrap">
                  <Thumb item={item} size={56} />
                  <ProductName item={item} />
                </Group>
              </td>
              <td style={{ whiteSpace: "nowrap" }}>
                {format.money(item.price)} / {format.perUnit(item.unit)}
              </td>
              <td>
                <QuantityControl item={item} />
              </td>
              <td className={table.right} style={{ fontWeight: 700 }}>
                {lineTotal(item)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
