import { aboutHead } from "@fruit/core/browser/pages";
import { Avatar, Box, Button, Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { defineMessages } from "react-intl";
import { Link } from "react-router-dom";
import { FeatureBoxes } from "../../../components/feature-boxes.tsx";
import { PageHero } from "../../../components/page-hero.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import { useLocale, useT } from "../../../i18n/intl.tsx";
import { usePageHead } from "../../../lib/page-head.ts";

/** docs/product.md §1: three placeholder team members. */
const ROLES = defineMessages({
  founder: { id: "about.role.founder", defaultMessage: "Founder & buyer" },
  logistics: { id: "about.role.logistics", defaultMessage: "Head of logistics" },
  care: { id: "about.role.care", defaultMessage: "Customer care" },
});
export const TEAM = [
  { name: "Sofia Marin", role: ROLES.founder, initials: "SM", color: "green" },
  { name: "Daniel Okafor", role: ROLES.logistics, initials: "DO", color: "orange" },
  { name: "Léa Tremblay", role: ROLES.care, initials: "LT", color: "grape" },
];

/** /about — banner, four promises, the sale banner and the team. */
export function AboutPage() {
  usePageHead(aboutHead(useLocale()));
  const t = useT();
  return (
    <>
      <PageHero
        title={t({ id: "about.title", defaultMessage: "We sale fresh fruits" })}
        lead={t({
          id: "about.lead",
          defaultMessage:
            "A small team working with family farms to bring ripe, honest produce to your kitchen.",
        })}
        image="/images/seed/banner-cherry/800.webp"
      />
      <Container size="xl" py={64} component="section" aria-labelledby="about-features">
        <SectionHeading
          overline={t({ id: "about.what", defaultMessage: "What we do" })}
          title={t({ id: "about.what.title", defaultMessage: "Good food, simply delivered" })}
          id="about-features"
        />
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
              {t({ id: "about.sale", defaultMessage: "December sale" })}
            </Text>
            <Title order={2} c="white" fz={{ base: 28, sm: 40 }}>
              {t(
                { id: "about.sale.title", defaultMessage: "Up to {off, number, percent} off seasonal fruit" },
                { off: 0.5 },
              )}
            </Title>
            <Text c="white">
              {t({
                id: "about.sale.text",
                defaultMessage: "Stock up on citrus, berries and tropical favourites while the sale lasts.",
              })}
            </Text>
            <Button component={Link} to="/products" color="dark" radius="xl" size="md">
              {t({ id: "about.shopNow", defaultMessage: "Shop Now" })}
            </Button>
          </Stack>
        </Box>
      </Container>
      <Container size="xl" pb={64} component="section" aria-labelledby="team-title">
        <SectionHeading
          overline={t({ id: "about.team", defaultMessage: "Our team" })}
          title={t({ id: "about.team.title", defaultMessage: "The people behind your box" })}
          id="team-title"
        />
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
                {t(member.role)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
