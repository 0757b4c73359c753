import { FREE_SHIPPING_OVER } from "@fruit/core/browser/money";
import { SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BoxIcon, GiftIcon, HeadsetIcon, RefundIcon, TagIcon, TruckIcon } from "./icons.tsx";

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** The shop's promises (docs/product.md §1). Free shipping reads the pricing constant, never a literal. */
export const FEATURES: Feature[] = [
  {
    icon: <TruckIcon size={26} />,
    title: "Home Delivery",
    text: "Picked this morning, at your door tomorrow.",
  },
  { icon: <TagIcon size={26} />, title: "Best Price", text: "Straight from the farm, priced fairly per kg." },
  { icon: <BoxIcon size={26} />, title: "Custom Box", text: "Mix any fruit and vegetables you like." },
  { icon: <RefundIcon size={26} />, title: "Quick Refund", text: "Not happy? Refund within 3 days." },
  {
    icon: <GiftIcon size={26} />,
    title: "Free Shipping",
    text: `On every order over $${FREE_SHIPPING_OVER}.`,
  },
  { icon: <HeadsetIcon size={26} />, title: "24/7 Support", text: "Real people, any time of day." },
];

/** A grid of feature boxes; `count` keeps the first n (About shows four). */
export function FeatureBoxes({ count = FEATURES.length }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: count > 4 ? 3 : 4 }} spacing="lg">
      {FEATURES.slice(0, count).map((feature) => (
        <Stack
          key={feature.title}
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
            {feature.title}
          </Title>
          <Text c="dimmed" size="sm">
            {feature.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
