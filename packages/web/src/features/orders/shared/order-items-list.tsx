import { formatMoney, formatQuantity, lineTotal, perUnitLabel } from "@fruit/core/browser/money";
import type { OrderLineSnapshot } from "@fruit/core/browser/orders";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { fixedSize } from "../../../components/image-sizes.ts";
import { Picture, THUMB_STYLE } from "../../../components/picture.tsx";

/** A line's 48 px picture. */
export function LineThumb({ image }: { image: string }) {
  return (
    <Picture
      src={image}
      alt=""
      sizes={fixedSize(48)}
      width={48}
      height={48}
      style={{ ...THUMB_STYLE, width: 48, height: 48 }}
      loading="lazy"
    />
  );
}

/**
 * The items of a cart or an order: picture, name (linking to the product), quantity in its unit ×
 * price per unit = the line's total (the one pricing rule, as the server stored it); `note` adds a
 * line's own row under it (the substitute choice).
 */
export function OrderItemsList<T extends OrderLineSnapshot>({
  items,
  note,
}: {
  items: readonly T[];
  note?: (item: T) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((item) => (
        <Group key={item._id} component="li" wrap="nowrap" gap="sm" align="center">
          <LineThumb image={item.image} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap={4}>
              <Anchor component={Link} to={`/product/${item.slug}`} c="dark" fw={600}>
                {item.name}
              </Anchor>
              <Text size="sm">
                {formatQuantity(item.unit, item.quantity)} × {formatMoney(item.price)} /{" "}
                {perUnitLabel(item.unit)} ={" "}
                <Text span fw={700}>
                  {formatMoney(lineTotal(item))}
                </Text>
              </Text>
            </Group>
            {note?.(item)}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
