import type { DeliverySlotRef } from "@fruit/core/browser/delivery";
import { Text } from "@mantine/core";
import { useFormat } from "../../i18n/intl.tsx";

/** An order's delivery window as a line ("Sat, Dec 5, 09:00–11:00"), or nothing without one. */
export function SlotLine({ slot }: { slot: DeliverySlotRef | null | undefined }) {
  const format = useFormat();
  if (!slot) return null;
  return <Text data-testid="delivery-window">{format.window(slot)}</Text>;
}
