import { formatMoney } from "@fruit/core/browser/money";
import type { PromotionPreview } from "@fruit/core/browser/orders";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
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
  const refusal =
    code && error ? (promoRefusal(error) ?? "This code could not be checked, please try again.") : null;
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
            label="Promotion code"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" disabled={!draft.trim()}>
            Apply
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
          Code {preview?.code ?? code}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => shop.savePromoCode(null)}>
          Remove
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
                  {names.get(line._id) ?? "Item"}: −{formatMoney(line.discount)}
                </Text>
              ))}
            {preview.shippingDiscount > 0 && (
              <Text size="sm" c="green.8">
                Shipping: −{formatMoney(preview.shippingDiscount)}
              </Text>
            )}
          </>
        )
      )}
    </Stack>
  );
}
