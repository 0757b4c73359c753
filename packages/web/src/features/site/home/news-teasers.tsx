import { Badge, Card, Container, SimpleGrid, Text, Title } from "@mantine/core";
import { defineMessage } from "react-intl";
import { IMAGE_SIZES } from "../../../components/image-sizes.ts";
import { Picture } from "../../../components/picture.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";

/** Placeholder news (docs/product.md §1), illustrated with seeded pictures; the footer's News link lands here. */
const NEWS = [
  {
    date: "2026-12-02T12:00:00Z",
    tag: defineMessage({ id: "news.1.tag", defaultMessage: "Season" }),
    title: defineMessage({ id: "news.1.title", defaultMessage: "Strawberry season is back" }),
    text: defineMessage({
      id: "news.1.text",
      defaultMessage:
        "Our greenhouse partners start picking early this year. Here is how to keep berries fresh for days.",
    }),
    image: "/images/seed/strawberry/800.webp",
  },
  {
    date: "2026-11-24T12:00:00Z",
    tag: defineMessage({ id: "news.2.tag", defaultMessage: "Recipes" }),
    title: defineMessage({ id: "news.2.title", defaultMessage: "Five ways with ripe mangoes" }),
    text: defineMessage({
      id: "news.2.text",
      defaultMessage: "From a two-minute lassi to a sticky-rice dessert: recipes for the deal of the month.",
    }),
    image: "/images/seed/mango/800.webp",
  },
  {
    date: "2026-11-15T12:00:00Z",
    tag: defineMessage({ id: "news.3.tag", defaultMessage: "Farms" }),
    title: defineMessage({ id: "news.3.title", defaultMessage: "Meet the Red Barn orchards" }),
    text: defineMessage({
      id: "news.3.text",
      defaultMessage: "Three generations of apple growers on keeping old varieties alive and soil healthy.",
    }),
    image: "/images/seed/apple/800.webp",
  },
];

export function NewsTeasers() {
  const t = useT();
  const format = useFormat();
  return (
    <Container
      size="xl"
      py={64}
      component="section"
      id="news"
      aria-labelledby="news-title"
      className="below-fold"
    >
      <SectionHeading
        overline={t({ id: "news.overline", defaultMessage: "Latest news" })}
        title={t({ id: "news.title", defaultMessage: "From our blog" })}
        id="news-title"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {NEWS.map((item) => (
          <Card key={item.image} withBorder radius="lg" padding="lg" component="article">
            <Card.Section>
              <Picture
                src={item.image}
                alt=""
                sizes={IMAGE_SIZES.teaser}
                width={600}
                height={360}
                style={{ display: "block", width: "100%", height: 200, objectFit: "cover" }}
                loading="lazy"
              />
            </Card.Section>
            <Badge mt="md" color="orange" variant="light">
              {t(item.tag)} · {format.dayMonth(item.date)}
            </Badge>
            <Title order={3} size="h4" mt="xs">
              {t(item.title)}
            </Title>
            <Text size="sm" c="dimmed" mt={6}>
              {t(item.text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
