import type { SubstituteChoice } from "@fruit/core/browser/orders";
import { Text } from "@mantine/core";
import { defineMessages, type MessageDescriptor } from "react-intl";
import { useT } from "../../../i18n/intl.tsx";

/** What each substitute choice is called on the checkout and the order, in the page's language. */
export const SUBSTITUTE_MESSAGES: Readonly<Record<SubstituteChoice, MessageDescriptor>> = defineMessages({
  allowed: { id: "substitute.allowed", defaultMessage: "Substitute allowed" },
  no: { id: "substitute.no", defaultMessage: "No substitute" },
});

/**
 * The same for the picking screen, in English (the admin screens stay English; a built message's
 * `defaultMessage` is its compiled form, not a string: vite.config.ts `precompiledMessages`).
 */
export const SUBSTITUTE_LABELS: Readonly<Record<SubstituteChoice, string>> = {
  allowed: "Substitute allowed",
  no: "No substitute",
};

/** "If sold out: Substitute allowed" under an order's line. */
export function SubstituteNote({ choice }: { choice: SubstituteChoice }) {
  const t = useT();
  return (
    <Text size="xs" c="dimmed">
      {t(
        { id: "substitute.note", defaultMessage: "If sold out: {choice}" },
        { choice: t(SUBSTITUTE_MESSAGES[choice]) },
      )}
    </Text>
  );
}

/** The shop's promise on weighed goods (core's picking/final-charge.ts), on the preview and the order. */
export function PolicyNote() {
  const t = useT();
  return (
    <Text size="sm" c="dimmed" mt="sm">
      {t({
        id: "substitute.policy",
        defaultMessage: "Sold by weight: we charge what we pick. You never pay more than you approved.",
      })}
    </Text>
  );
}
