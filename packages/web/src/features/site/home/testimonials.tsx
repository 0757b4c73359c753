import { Carousel } from "@mantine/carousel";
import { Avatar, Box, Card, Container, Group, Text } from "@mantine/core";
import Autoplay from "embla-carousel-autoplay";
import { useRef } from "react";
import { QuoteIcon } from "../../../components/icons.tsx";
import { RatingStars } from "../../../components/rating-stars.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import classes from "./home.module.css";

/** docs/product.md §9: testimonials turn every 2500 ms. Placeholder customers (docs/product.md §1). */
export const TESTIMONIAL_INTERVAL_MS = 2500;

const QUOTES = [
  {
    name: "Amelia R.",
    role: "Home cook",
    text: "The strawberries tasted like the ones from my grandmother's garden. Delivery was right on time.",
  },
  {
    name: "Jonas P.",
    role: "Café owner",
    text: "We order our lemons and mint here every week. Consistent quality and fair prices per kilo.",
  },
  {
    name: "Priya S.",
    role: "Mother of three",
    text: "The custom box saves me a trip to the market. The kids fight over the mangoes.",
  },
  {
    name: "Marc-André L.",
    role: "Cyclist",
    text: "Bananas and oranges that last the whole week. Support answered me at 11 PM!",
  },
];

export function Testimonials() {
  const autoplay = useRef(Autoplay({ delay: TESTIMONIAL_INTERVAL_MS, stopOnMouseEnter: true }));
  return (
    <Box className={classes.band} py={64} component="section" aria-labelledby="testimonials-title">
      <Container size="xl">
        <SectionHeading overline="Testimonials" title="What our customers say" id="testimonials-title" />
        <Carousel
          plugins={[autoplay.current]}
          emblaOptions={{ loop: true, align: "start" }}
          slideSize={{ base: "100%", sm: "50%", lg: "33.333%" }}
          slideGap="lg"
          withControls={false}
          withIndicators
          getIndicatorProps={(index) => ({ "aria-label": `Show testimonial ${index + 1}` })}
          pb={36}
          styles={{ indicator: { background: "var(--mantine-color-green-6)" } }}
          aria-label="Customer testimonials"
        >
          {QUOTES.map((quote) => (
            <Carousel.Slide key={quote.name}>
              <Card radius="lg" padding="lg" h="100%" withBorder component="figure" m={0}>
                <Box c="orange.5" mb="xs">
                  <QuoteIcon size={32} />
                </Box>
                <Text component="blockquote" m={0} mb="md">
                  {quote.text}
                </Text>
                <Group gap="sm" mt="auto" component="figcaption">
                  <Avatar color="green" radius="xl" aria-hidden="true">
                    {quote.name.slice(0, 1)}
                  </Avatar>
                  <div>
                    <Text fw={700}>{quote.name}</Text>
                    <Text size="xs" c="dimmed">
                      {quote.role}
                    </Text>
                  </div>
                  <Box ml="auto">
                    <RatingStars value={5} size={14} />
                  </Box>
                </Group>
              </Card>
            </Carousel.Slide>
          ))}
        </Carousel>
      </Container>
    </Box>
  );
}
