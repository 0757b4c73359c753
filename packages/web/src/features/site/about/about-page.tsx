import { aboutHead } from "@fruit/core/browser/pages";
import { Avatar, Box, Button, Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { FeatureBoxes } from "../../../components/feature-boxes.tsx";
import { PageHero } from "../../../components/page-hero.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import { usePageHead } from "../../../lib/page-head.ts";

/** docs/product.md §1: three placeholder team members. */
const TEAM = [
  { name: "Sofia Marin", role: "Founder & buyer", initials: "SM", color: "green" },
  { name: "Daniel Okafor", role: "Head of logistics", initials: "DO", color: "orange" },
  { name: "Léa Tremblay", role: "Customer care", initials: "LT", color: "grape" },
];

/** /about — banner, four promises, the sale banner and the team. */
export function AboutPage() {
  usePageHead(aboutHead());
  return (
    <>
      <PageHero
        title="We sale fresh fruits"
        lead="A small team working with family farms to bring ripe, honest produce to your kitchen."
        image="/images/seed/banner-cherry/800.webp"
      />
      <Container size="xl" py={64} component="section" aria-labelledby="about-features">
        <SectionHeading overline="What we do" title="Good food, simply delivered" id="about-features" />
        <FeatureBoxes count={4} />
      </Container>
      <Container size="xl" pb={64}>
        <Box
          p={{ base: "xl", sm: 56 }}
          style={{
            borderRadius: "var(--mantine-radius-xl)",
            background: "linear-gradient(120deg, #e8590c 0%, #f08c00 100%)",
          }}
        >
          <Stack gap="sm" align="flex-start" maw={560}>
            <Text c="white" fw={800} tt="uppercase" size="sm">
              December sale
            </Text>
            <Title order={2} c="white" fz={{ base: 28, sm: 40 }}>
              Up to 50% off seasonal fruit
            </Title>
            <Text c="white">Stock up on citrus, berries and tropical favourites while the sale lasts.</Text>
            <Button component={Link} to="/products" color="dark" radius="xl" size="md">
              Shop Now
            </Button>
          </Stack>
        </Box>
      </Container>
      <Container size="xl" pb={64} component="section" aria-labelledby="team-title">
        <SectionHeading overline="Our team" title="The people behind your box" id="team-title" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {TEAM.map((member) => (
            <Card key={member.name} withBorder radius="lg" padding="xl" ta="center">
              <Avatar size={96} radius={96} mx="auto" color={member.color} aria-hidden="true">
                {member.initials}
              </Avatar>
              <Title order={3} size="h4" mt="md">
                {member.name}
              </Title>
              <Text c="dimmed" size="sm">
                {member.role}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
