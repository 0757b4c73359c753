import { FREE_SHIPPING_OVER } from "@fruit/core/browser/money";
import { SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { useFormat, useT } from "../i18n/intl.tsx";
import { BoxIcon, GiftIcon, HeadsetIcon, RefundIcon, TagIcon, TruckIcon } from "./icons.tsx";

interface Feature {
  icon: ReactNode;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The shop's promises (docs/product.md §1). Free shipping reads the pricing constant, never a literal. */
export const FEATURES: Feature[] = [
  {
    icon: <TruckIcon size={26} />,
    title: defineMessage({ id: "feature.delivery.title", defaultMessage: "Home Delivery" }),
    text: defineMessage({
      id: "feature.delivery.text",
      defaultMessage: "Picked this morning, at your door tomorrow.",
    }),
  },
  {
    icon: <TagIcon size={26} />,
    title: defineMessage({ id: "feature.price.title", defaultMessage: "Best Price" }),
    text: defineMessage({
      id: "feature.price.text",
      defaultMessage: "Straight from the farm, priced fairly per kg.",
    }),
  },
  {
    icon: <BoxIcon size={26} />,
    title: defineMessage({ id: "feature.box.title", defaultMessage: "Custom Box" }),
    text: defineMessage({ id: "feature.box.text", defaultMessage: "Mix any fruit and vegetables you like." }),
  },
  {
    icon: <RefundIcon size={26} />,
    title: defineMessage({ id: "feature.refund.title", defaultMessage: "Quick Refund" }),
    text: defineMessage({ id: "feature.refund.text", defaultMessage: "Not happy? Refund within 3 days." }),
  },
  {
    icon: <GiftIcon size={26} />,
    title: defineMessage({ id: "feature.shipping.title", defaultMessage: "Free Shipping" }),
    text: defineMessage({ id: "feature.shipping.text", defaultMessage: "On every order over {amount}." }),
  },
  {
    icon: <HeadsetIcon size={26} />,
    title: defineMessage({ id: "feature.support.title", defaultMessage: "24/7 Support" }),
    text: defineMessage({ id: "feature.support.text", defaultMessage: "Real people, any time of day." }),
  },
];

/** A grid of feature boxes; `count` keeps the first n (About shows four). */
export function FeatureBoxes({ count = FEATURES.length }: { count?: number }) {
  const t = useT();
  const format = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: count > 4 ? 3 : 4 }} spacing="lg">
      {FEATURES.slice(0, count).map((feature) => (
        <Stack
          key={feature.title.id}
          gap="xs"
          p="lg"
          bg="white"
          style={{
            borderRadius: "var(--mantine-radius-lg)",
            border: "1px solid var(--mantine-color-gray-2)",
          }}
        >
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            {feature.icon}
          </ThemeIcon>
          <Title order={3} size="h4">
            {t(feature.title)}
          </Title>
          <Text c="dimmed" size="sm">
            {t(feature.text, { amount: format.money(FREE_SHIPPING_OVER) })}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
