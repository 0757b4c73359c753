import type { PromotionPreview } from "@fruit/core/browser/orders";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useFormat, useT } from "../../i18n/intl.tsx";
import type { CartItem } from "../../lib/shop-store.ts";
import { shop } from "../../lib/shop-store.ts";
import { promoRefusal } from "./api/use-promotion-preview.ts";

/**
 * The cart's and checkout's promotion code (docs/decisions/049): the field, the code applied with
 * what it saves on each line, or why it does not apply (by its error code).
 */
export function PromoCodeField({
  code,
  items,
  preview,
  error,
}: {
  code: string | null;
  items: readonly CartItem[];
  preview: PromotionPreview | undefined;
  error: unknown;
}) {
  const [draft, setDraft] = useState("");
  const t = useT();
  const format = useFormat();
  const refusal =
    code && error
      ? (promoRefusal(error, t, format) ??
        t({ id: "promo.unchecked", defaultMessage: "This code could not be checked, please try again." }))
      : null;
  if (!code) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) shop.savePromoCode(draft.trim());
        }}
      >
        <Group gap="xs" align="end" wrap="nowrap">
          <TextInput
            label={t({ id: "promo.label", defaultMessage: "Promotion code" })}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" disabled={!draft.trim()}>
            {t({ id: "promo.apply", defaultMessage: "Apply" })}
          </Button>
        </Group>
      </form>
    );
  }
  const names = new Map(items.map((item) => [item._id, item.name]));
  return (
    <Stack gap={4} aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t({ id: "promo.code", defaultMessage: "Code {code}" }, { code: preview?.code ?? code })}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => shop.savePromoCode(null)}>
          {t({ id: "promo.remove", defaultMessage: "Remove" })}
        </Button>
      </Group>
      {refusal ? (
        <Text size="sm" c="red.8" role="alert">
          {refusal}
        </Text>
      ) : (
        preview && (
          <>
            {preview.lines
              .filter((line) => line.discount > 0)
              .map((line) => (
                <Text key={line._id} size="sm" c="green.8">
                  {t(
                    { id: "promo.line", defaultMessage: "{name}: −{amount}" },
                    {
                      name: names.get(line._id) ?? t({ id: "promo.item", defaultMessage: "Item" }),
                      amount: format.money(line.discount),
                    },
                  )}
                </Text>
              ))}
            {preview.shippingDiscount > 0 && (
              <Text size="sm" c="green.8">
                {t(
                  { id: "promo.shipping", defaultMessage: "Shipping: −{amount}" },
                  { amount: format.money(preview.shippingDiscount) },
                )}
              </Text>
            )}
          </>
        )
      )}
    </Stack>
  );
}
