import { Carousel } from "@mantine/carousel";
import { Container } from "@mantine/core";
import Autoplay from "embla-carousel-autoplay";
import { useRef } from "react";
import classes from "./home.module.css";

/** docs/product.md §9: autoplay every 2000 ms; 2, 3 or 4 logos from 470, 640 and 768 px wide (1 below). */
export const LOGO_INTERVAL_MS = 2000;

const FARMS = [
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
  const autoplay = useRef(Autoplay({ delay: LOGO_INTERVAL_MS }));
  return (
    <Container size="xl" pb={64} component="section" aria-label="Our partner farms">
      <Carousel
        type="container"
        plugins={[autoplay.current]}
        emblaOptions={{ loop: true, align: "start" }}
        slideSize={{ base: "100%", "470px": "50%", "640px": "33.333%", "768px": "25%" }}
        slideGap="md"
        withControls={false}
      >
        {FARMS.map((farm) => (
          <Carousel.Slide key={farm}>
            <div className={classes.logo}>{farm}</div>
          </Carousel.Slide>
        ))}
      </Carousel>
    </Container>
  );
}
