import { Badge, Card, Container, SimpleGrid, Text, Title } from "@mantine/core";
import { IMAGE_SIZES } from "../../../components/image-sizes.ts";
import { Picture } from "../../../components/picture.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";

/** Placeholder news (docs/product.md §1), illustrated with seeded pictures; the footer's News link lands here. */
const NEWS = [
  {
    date: "Dec 02",
    tag: "Season",
    title: "Strawberry season is back",
    text: "Our greenhouse partners start picking early this year. Here is how to keep berries fresh for days.",
    image: "/images/seed/strawberry/800.webp",
  },
  {
    date: "Nov 24",
    tag: "Recipes",
    title: "Five ways with ripe mangoes",
    text: "From a two-minute lassi to a sticky-rice dessert: recipes for the deal of the month.",
    image: "/images/seed/mango/800.webp",
  },
  {
    date: "Nov 15",
    tag: "Farms",
    title: "Meet the Red Barn orchards",
    text: "Three generations of apple growers on keeping old varieties alive and soil healthy.",
    image: "/images/seed/apple/800.webp",
  },
];

export function NewsTeasers() {
  return (
    <Container
      size="xl"
      py={64}
      component="section"
      id="news"
      aria-labelledby="news-title"
      className="below-fold"
    >
      <SectionHeading overline="Latest news" title="From our blog" id="news-title" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {NEWS.map((item) => (
          <Card key={item.title} withBorder radius="lg" padding="lg" component="article">
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
              {item.tag} · {item.date}
            </Badge>
            <Title order={3} size="h4" mt="xs">
              {item.title}
            </Title>
            <Text size="sm" c="dimmed" mt={6}>
              {item.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
