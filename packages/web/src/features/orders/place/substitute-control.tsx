import { SUBSTITUTE_CHOICES, type SubstituteChoice } from "@fruit/core/browser/orders";
import { Group, SegmentedControl, Text } from "@mantine/core";
import { useT } from "../../../i18n/intl.tsx";
import { type CartItem, shop } from "../../../lib/shop-store.ts";
import { SUBSTITUTE_MESSAGES } from "../shared/substitute.tsx";

const CHOICES = [...SUBSTITUTE_CHOICES].reverse();

/**
 * "If sold out: No substitute / Substitute allowed" under a line of the preview: kept in the cart
 * line and sent as its `substitute` (core's OrderLineInputSchema); "No substitute" until chosen.
 */
export function SubstituteControl({ item }: { item: CartItem }) {
  const t = useT();
  return (
    <Group gap="xs">
      <Text size="xs" c="dimmed" aria-hidden>
        {t({ id: "substitute.ifSoldOut", defaultMessage: "If sold out:" })}
      </Text>
      <SegmentedControl
        size="xs"
        radius="xl"
        aria-label={t(
          { id: "substitute.control", defaultMessage: "If {name} is sold out" },
          { name: item.name },
        )}
        data={CHOICES.map((choice) => ({ value: choice, label: t(SUBSTITUTE_MESSAGES[choice]) }))}
        value={item.substitute ?? "no"}
        onChange={(value) => shop.setSubstitute(item._id, value as SubstituteChoice)}
      />
    </Group>
  );
}
