import { Carousel } from "@mantine/carousel";
import { Avatar, Box, Card, Container, Group, Text } from "@mantine/core";
import { defineMessage } from "react-intl";
import { QuoteIcon } from "../../../components/icons.tsx";
import { RatingStars } from "../../../components/rating-stars.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { AutoplayButton, useStoppableAutoplay } from "./autoplay-control.tsx";
import classes from "./home.module.css";

/**
 * docs/product.md §9: testimonials turn every 2500 ms, until the visible Pause button stops them; never
 * under reduced motion (autoplay-control.tsx). Placeholder customers (docs/product.md §1).
 */
export const TESTIMONIAL_INTERVAL_MS = 2500;

export const QUOTES = [
  {
    name: "Amelia R.",
    role: defineMessage({ id: "testimonial.1.role", defaultMessage: "Home cook" }),
    text: defineMessage({
      id: "testimonial.1.text",
      defaultMessage:
        "The strawberries tasted like the ones from my grandmother's garden. Delivery was right on time.",
    }),
  },
  {
    name: "Jonas P.",
    role: defineMessage({ id: "testimonial.2.role", defaultMessage: "Café owner" }),
    text: defineMessage({
      id: "testimonial.2.text",
      defaultMessage:
        "We order our lemons and mint here every week. Consistent quality and fair prices per kilo.",
    }),
  },
  {
    name: "Priya S.",
    role: defineMessage({ id: "testimonial.3.role", defaultMessage: "Mother of three" }),
    text: defineMessage({
      id: "testimonial.3.text",
      defaultMessage: "The custom box saves me a trip to the market. The kids fight over the mangoes.",
    }),
  },
  {
    name: "Marc-André L.",
    role: defineMessage({ id: "testimonial.4.role", defaultMessage: "Cyclist" }),
    text: defineMessage({
      id: "testimonial.4.text",
      defaultMessage: "Bananas and oranges that last the whole week. Support answered me at 11 PM!",
    }),
  },
];

export function Testimonials() {
  const autoplay = useStoppableAutoplay(TESTIMONIAL_INTERVAL_MS);
  const t = useT();
  return (
    <Box className={classes.band} py={64} component="section" aria-labelledby="testimonials-title">
      <Container size="xl">
        <SectionHeading
          overline={t({ id: "testimonials.overline", defaultMessage: "Testimonials" })}
          title={t({ id: "testimonials.title", defaultMessage: "What our customers say" })}
          id="testimonials-title"
        />
        <Group justify="flex-end" mb="xs">
          <AutoplayButton autoplay={autoplay} controls="testimonials" />
        </Group>
        <Carousel
          id="testimonials"
          aria-roledescription={t({ id: "home.carousel", defaultMessage: "carousel" })}
          plugins={[autoplay.plugin]}
          getEmblaApi={autoplay.onApi}
          emblaOptions={{ loop: true, align: "start" }}
          slideSize={{ base: "100%", sm: "50%", lg: "33.333%" }}
          slideGap="lg"
          withControls={false}
          withIndicators
          getIndicatorProps={(index) => ({
            "aria-label": t(
              { id: "testimonials.show", defaultMessage: "Show testimonial {index}" },
              { index: index + 1 },
            ),
          })}
          pb={36}
          styles={{ indicator: { background: "var(--mantine-color-green-6)" } }}
          aria-label={t({ id: "testimonials.label", defaultMessage: "Customer testimonials" })}
        >
          {QUOTES.map((quote, index) => (
            <Carousel.Slide
              key={quote.name}
              aria-roledescription={t({ id: "carousel.slide", defaultMessage: "slide" })}
              aria-label={t(
                { id: "carousel.slide.label", defaultMessage: "{index} of {count}" },
                { index: index + 1, count: QUOTES.length },
              )}
            >
              <Card radius="lg" padding="lg" h="100%" withBorder component="figure" m={0}>
                <Box c="orange.5" mb="xs">
                  <QuoteIcon size={32} />
                </Box>
                <Text component="blockquote" m={0} mb="md">
                  {t(quote.text)}
                </Text>
                <Group gap="sm" mt="auto" component="figcaption">
                  <Avatar color="green" radius="xl" aria-hidden="true">
                    {quote.name.slice(0, 1)}
                  </Avatar>
                  <div>
                    <Text fw={700}>{quote.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t(quote.role)}
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
