import { formatMoney, formatQuantity, lineTotal } from "@fruit/core/browser/money";
import type { OrderLine } from "@fruit/core/browser/orders";
import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { LineThumb } from "./order-items-list.tsx";

/** One row of the list: picture, name, what happened to it, and what it costs now. */
function PickedRow({
  image,
  name,
  detail,
  amount,
}: {
  image: string;
  name: ReactNode;
  detail: ReactNode;
  amount: number;
}) {
  return (
    <Group component="li" wrap="nowrap" gap="sm" align="center">
      <LineThumb image={image} />
      <Group justify="space-between" gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={2}>
          {name}
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </Stack>
        <Text fw={700}>{formatMoney(amount)}</Text>
      </Group>
    </Group>
  );
}

/**
 * The items of a final order (core's OrderLine once `finalizedAt` is set): each line ordered against
 * picked ("Ordered 0.75 kg · Picked 0.712 kg") or Unavailable, with what it costs as picked, and a
 * product put in an unavailable line's place under it ("Cantaloupe 1 pc instead of Melon").
 */
export function PickedItemsList({ items }: { items: readonly OrderLine[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Items as picked">
      {items.flatMap((line) => {
        const picked = line.pickedQuantity ?? line.quantity;
        const ordered = `Ordered ${formatQuantity(line.unit, line.quantity)}`;
        const sub = line.substitution;
        return [
          <PickedRow
            key={line._id}
            image={line.image}
            name={
              <Group gap="xs">
                <Anchor component={Link} to={`/product/${line.slug}`} c="dark" fw={600}>
                  {line.name}
                </Anchor>
                {picked === 0 && (
                  <Badge color="gray" variant="light">
                    Unavailable
                  </Badge>
                )}
              </Group>
            }
            detail={picked === 0 ? ordered : `${ordered} · Picked ${formatQuantity(line.unit, picked)}`}
            amount={line.finalAmount ?? lineTotal(line)}
          />,
          ...(sub
            ? [
                <PickedRow
                  key={`${line._id}-substitute`}
                  image={sub.image}
                  name={
                    <Text fw={600}>
                      {sub.name} {formatQuantity(sub.unit, sub.quantity)} instead of {line.name}
                    </Text>
                  }
                  detail="Substitute you allowed"
                  amount={sub.finalAmount}
                />,
              ]
            : []),
        ];
      })}
    </Stack>
  );
}
