import { lineTotal } from "@fruit/core/browser/money";
import type { OrderLine } from "@fruit/core/browser/orders";
import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useFormat, useT } from "../../../i18n/intl.tsx";
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
  const format = useFormat();
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
        <Text fw={700}>{format.money(amount)}</Text>
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
  const t = useT();
  const format = useFormat();
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: "none" }}
      aria-label={t({ id: "picked.list", defaultMessage: "Items as picked" })}
    >
      {items.flatMap((line) => {
        const picked = line.pickedQuantity ?? line.quantity;
        const ordered = format.quantity(line.unit, line.quantity);
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
                    {t({ id: "picked.unavailable", defaultMessage: "Unavailable" })}
                  </Badge>
                )}
              </Group>
            }
            detail={
              picked === 0
                ? t({ id: "picked.ordered", defaultMessage: "Ordered {ordered}" }, { ordered })
                : t(
                    { id: "picked.orderedPicked", defaultMessage: "Ordered {ordered} · Picked {picked}" },
                    { ordered, picked: format.quantity(line.unit, picked) },
                  )
            }
            amount={line.finalAmount ?? lineTotal(line)}
          />,
          ...(sub
            ? [
                <PickedRow
                  key={`${line._id}-substitute`}
                  image={sub.image}
                  name={
                    <Text fw={600}>
                      {t(
                        { id: "picked.instead", defaultMessage: "{name} {quantity} instead of {line}" },
                        {
                          name: sub.name,
                          quantity: format.quantity(sub.unit, sub.quantity),
                          line: line.name,
                        },
                      )}
                    </Text>
                  }
                  detail={t({ id: "picked.substitute", defaultMessage: "Substitute you allowed" })}
                  amount={sub.finalAmount}
                />,
              ]
            : []),
        ];
      })}
    </Stack>
  );
}
