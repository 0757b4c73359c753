import type { SubstituteChoice } from "@fruit/core/browser/orders";
import { Text } from "@mantine/core";

/** What each substitute choice is called on the checkout, the order and the picking screen. */
export const SUBSTITUTE_LABELS: Readonly<Record<SubstituteChoice, string>> = {
  allowed: "Substitute allowed",
  no: "No substitute",
};

/** "If sold out: Substitute allowed" under an order's line. */
export function SubstituteNote({ choice }: { choice: SubstituteChoice }) {
  return (
    <Text size="xs" c="dimmed">
      If sold out: {SUBSTITUTE_LABELS[choice]}
    </Text>
  );
}

/** The shop's promise on weighed goods (core's picking/final-charge.ts), on the preview and the order. */
export function PolicyNote() {
  return (
    <Text size="sm" c="dimmed" mt="sm">
      Sold by weight: we charge what we pick. You never pay more than you approved.
    </Text>
  );
}
