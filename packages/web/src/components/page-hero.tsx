import { Box, Container, Text, Title } from "@mantine/core";
import { IMAGE_SIZES } from "./image-sizes.ts";
import { Picture } from "./picture.tsx";

/**
 * The full-bleed banner of About and Contact; it starts under the fixed header, so its content is
 * padded by the header's height.
 */
export function PageHero({ title, lead, image }: { title: string; lead: string; image: string }) {
  return (
    <Box pos="relative" style={{ overflow: "hidden" }}>
      <Picture
        src={image}
        alt=""
        sizes={IMAGE_SIZES.banner}
        width={1600}
        height={600}
        fetchPriority="high"
        style={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" }}
      />
      <Box
        pos="absolute"
        inset={0}
        style={{ background: "linear-gradient(90deg, rgba(10,35,18,.8), rgba(10,35,18,.35))" }}
      />
      <Container size="xl" pos="relative" pt="calc(var(--header-height) + 72px)" pb={72}>
        <Title order={1} c="white" fz={{ base: 34, sm: 48 }}>
          {title}
        </Title>
        <Text c="gray.2" size="lg" maw={560} mt="sm">
          {lead}
        </Text>
      </Container>
    </Box>
  );
}
