import { Carousel } from "@mantine/carousel";
import { Container, Group } from "@mantine/core";
import { useT } from "../../../i18n/intl.tsx";
import { AutoplayButton, useStoppableAutoplay } from "./autoplay-control.tsx";
import classes from "./home.module.css";

/**
 * docs/product.md §9: autoplay every 2000 ms; 2, 3 or 4 logos from 470, 640 and 768 px wide (1 below).
 * A visible button pauses it, and it never moves under reduced motion (autoplay-control.tsx).
 */
export const LOGO_INTERVAL_MS = 2000;

export const FARMS = [
  "Sunny Slope Farm",
  "Cedar Ridge Orchard",
  "Blue Heron Farm",
  "Riverbend Organics",
  "Red Barn Orchards",
  "Golden Valley Groves",
  "Coastal Breeze",
  "Green Acre Gardens",
];

export function LogoCarousel() {
  const autoplay = useStoppableAutoplay(LOGO_INTERVAL_MS);
  const t = useT();
  return (
    <Container
      size="xl"
      pb={64}
      component="section"
      aria-label={t({ id: "home.farms", defaultMessage: "Our partner farms" })}
    >
      <Group justify="flex-end" mb="xs">
        <AutoplayButton autoplay={autoplay} controls="partner-farms" />
      </Group>
      <Carousel
        id="partner-farms"
        aria-roledescription={t({ id: "home.carousel", defaultMessage: "carousel" })}
        type="container"
        plugins={[autoplay.plugin]}
        getEmblaApi={autoplay.onApi}
        emblaOptions={{ loop: true, align: "start" }}
        slideSize={{ base: "100%", "470px": "50%", "640px": "33.333%", "768px": "25%" }}
        slideGap="md"
        withControls={false}
      >
        {FARMS.map((farm, index) => (
          <Carousel.Slide
            key={farm}
            aria-roledescription={t({ id: "carousel.slide", defaultMessage: "slide" })}
            aria-label={t(
              { id: "carousel.slide.label", defaultMessage: "{index} of {count}" },
              { index: index + 1, count: FARMS.length },
            )}
          >
            <div className={classes.logo}>{farm}</div>
          </Carousel.Slide>
        ))}
      </Carousel>
    </Container>
  );
}
