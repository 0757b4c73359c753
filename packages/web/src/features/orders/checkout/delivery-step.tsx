import type { DeliverySlot } from "@fruit/core/browser/delivery";
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useEffect } from "react";
import { useFormat, useT } from "../../../i18n/intl.tsx";
import { shop, useShop } from "../../../lib/shop-store.ts";
import { useDeliverySlots } from "../../delivery/index.ts";

/**
 * The checkout's "Delivery" step (docs/product.md §10): the windows ahead as cards — day, time, seats
 * left or full. The choice is kept with the cart and sent as `deliverySlotId`; the server decides the
 * seat in the order's own transaction, so a window that fills meanwhile is refused there (409).
 * With a saved address, only the windows on its zone's route days are listed
 * (docs/decisions/046-zones-and-tax-classes.md), and a window chosen before that does not serve it is
 * dropped.
 */
export function DeliveryStep() {
  const address = useShop((s) => s.shippingAddress);
  const { data: slots, error } = useDeliverySlots(address);
  const chosen = useShop((s) => s.deliverySlot);
  const t = useT();
  const unserved = Boolean(chosen && slots && !slots.some((slot) => slot.id === chosen.id));
  useEffect(() => {
    if (unserved) shop.saveDeliverySlot(null);
  }, [unserved]);
  if (error || !slots || slots.length === 0) return null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      id="delivery"
      aria-labelledby="delivery-step"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="delivery-step">
          {t({ id: "delivery.title", defaultMessage: "Delivery" })}
        </Title>
        <Text c="dimmed" size="sm">
          {t({ id: "delivery.lead", defaultMessage: "Choose when we bring your order." })}
        </Text>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          role="radiogroup"
          aria-label={t({ id: "delivery.window", defaultMessage: "Delivery window" })}
        >
          {slots.map((slot) => (
            <SlotCard key={slot.id} slot={slot} selected={chosen?.id === slot.id} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function SlotCard({ slot, selected }: { slot: DeliverySlot; selected: boolean }) {
  const full = slot.remaining === 0;
  const t = useT();
  const format = useFormat();
  return (
    <UnstyledButton
      role="radio"
      aria-checked={selected}
      disabled={full}
      onClick={() =>
        shop.saveDeliverySlot({ id: slot.id, date: slot.date, start: slot.start, end: slot.end })
      }
    >
      <Card
        withBorder
        radius="md"
        padding="sm"
        style={{
          borderColor: selected ? "var(--mantine-color-green-6)" : undefined,
          borderWidth: selected ? 2 : 1,
          opacity: full ? 0.5 : 1,
        }}
      >
        <Text fw={700}>{format.slotDay(slot)}</Text>
        <Text size="sm">
          {slot.start}–{slot.end}
        </Text>
        <Group mt={4}>
          {full ? (
            <Badge color="gray">{t({ id: "delivery.full", defaultMessage: "Full" })}</Badge>
          ) : (
            <Badge color={slot.remaining <= 2 ? "orange" : "green"} variant="light">
              {t(
                {
                  id: "delivery.seats",
                  defaultMessage: "{count, plural, one {# seat} other {# seats}} left",
                },
                { count: slot.remaining },
              )}
            </Badge>
          )}
        </Group>
      </Card>
    </UnstyledButton>
  );
}
