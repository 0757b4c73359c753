import { SUBSTITUTE_CHOICES, type SubstituteChoice } from "@fruit/core/browser/orders";
import { Group, SegmentedControl, Text } from "@mantine/core";
import { type CartItem, shop } from "../../../lib/shop-store.ts";
import { SUBSTITUTE_LABELS } from "../shared/substitute.tsx";

const DATA = [...SUBSTITUTE_CHOICES]
  .reverse()
  .map((choice) => ({ value: choice, label: SUBSTITUTE_LABELS[choice] }));

/**
 * "If sold out: No substitute / Substitute allowed" under a line of the preview: kept in the cart
 * line and sent as its `substitute` (core's OrderLineInputSchema); "No substitute" until chosen.
 */
export function SubstituteControl({ item }: { item: CartItem }) {
  return (
    <Group gap="xs">
      <Text size="xs" c="dimmed" aria-hidden>
        If sold out:
      </Text>
      <SegmentedControl
        size="xs"
        radius="xl"
        aria-label={`If ${item.name} is sold out`}
        data={DATA}
        value={item.substitute ?? "no"}
        onChange={(value) => shop.setSubstitute(item._id, value as SubstituteChoice)}
      />
    </Group>
  );
}
