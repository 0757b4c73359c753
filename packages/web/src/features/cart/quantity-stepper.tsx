import type { Unit } from "@fruit/core/browser/money";
import { ActionIcon, Group, Text } from "@mantine/core";
import { MinusIcon, PlusIcon } from "../../components/icons.tsx";
import { useFormat, useT } from "../../i18n/intl.tsx";

/**
 * Minus / quantity / plus, showing the quantity in its unit ("0.75 kg", "3 pcs"). Presentational: the
 * caller decides what a step is and when each button is disabled.
 */
export function QuantityStepper({
  name,
  unit,
  quantity,
  lowerDisabled,
  raiseDisabled,
  onLower,
  onRaise,
}: {
  /** What the quantity is of, for the buttons' labels. */
  name: string;
  unit: Unit;
  quantity: number;
  lowerDisabled: boolean;
  raiseDisabled: boolean;
  onLower: () => void;
  onRaise: () => void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        radius="xl"
        size="md"
        aria-label={t({ id: "quantity.decrease", defaultMessage: "Decrease quantity of {name}" }, { name })}
        disabled={lowerDisabled}
        onClick={onLower}
      >
        <MinusIcon size={14} />
      </ActionIcon>
      <Text
        fw={700}
        miw={64}
        ta="center"
        aria-label={t({ id: "quantity.of", defaultMessage: "Quantity of {name}" }, { name })}
        aria-live="polite"
      >
        {format.quantity(unit, quantity)}
      </Text>
      <ActionIcon
        variant="default"
        radius="xl"
        size="md"
        aria-label={t({ id: "quantity.increase", defaultMessage: "Increase quantity of {name}" }, { name })}
        disabled={raiseDisabled}
        onClick={onRaise}
      >
        <PlusIcon size={14} />
      </ActionIcon>
    </Group>
  );
}
