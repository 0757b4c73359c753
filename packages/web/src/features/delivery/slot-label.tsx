import { type DeliverySlotRef, describeSlot } from "@fruit/core/browser/delivery";
import { Text } from "@mantine/core";

/** An order's delivery window as a line ("Sat, Dec 5, 09:00–11:00"), or nothing without one. */
export function SlotLine({ slot }: { slot: DeliverySlotRef | null | undefined }) {
  if (!slot) return null;
  return <Text data-testid="delivery-window">{describeSlot(slot)}</Text>;
}
