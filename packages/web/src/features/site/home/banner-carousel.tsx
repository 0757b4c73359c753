import { HOME_BANNER_IMAGES, HOME_BANNER_SLUGS } from "@fruit/core/browser/products";
import { ActionIcon, Badge, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { defineMessage } from "react-intl";
import { Link } from "react-router-dom";
import { ChevronDownIcon } from "../../../components/icons.tsx";
import { IMAGE_SIZES } from "../../../components/image-sizes.ts";
import { Picture } from "../../../components/picture.tsx";
import { useT } from "../../../i18n/intl.tsx";
import classes from "./home.module.css";

/** docs/product.md §9: the banner fades every 5000 ms. */
export const BANNER_INTERVAL_MS = 5000;

const SLIDES = [
  {
    title: defineMessage({ id: "home.banner.1.title", defaultMessage: "fast and testy" }),
    text: defineMessage({
      id: "home.banner.1.text",
      defaultMessage: "Sun-ripened strawberries, picked at dawn and on your table by tomorrow.",
    }),
    slug: HOME_BANNER_SLUGS.strawberry,
    image: HOME_BANNER_IMAGES.strawberry,
  },
  {
    title: defineMessage({ id: "home.banner.2.title", defaultMessage: "organic testy" }),
    text: defineMessage({
      id: "home.banner.2.text",
      defaultMessage: "Dark sweet cherries from family orchards, grown without shortcuts.",
    }),
    slug: HOME_BANNER_SLUGS.cherry,
    image: HOME_BANNER_IMAGES.cherry,
  },
  {
    title: defineMessage({ id: "home.banner.3.title", defaultMessage: "sale up 50%" }),
    text: defineMessage({
      id: "home.banner.3.text",
      defaultMessage: "December sale: juicy seedless watermelon and more at up to half price.",
    }),
    slug: HOME_BANNER_SLUGS.watermelon,
    image: HOME_BANNER_IMAGES.watermelon,
  },
] as const;

/**
 * The home hero: three cross-fading slides, each with Shop Now to its product. Written with CSS
 * opacity rather than the embla carousel: the hero is the page's largest paint, and keeping the
 * carousel library out of the first download keeps the home page inside its JS budget.
 * Autoplay pauses while the pointer or focus is on the banner, and with reduced motion.
 */
export function BannerCarousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const t = useT();
  useEffect(() => {
    if (paused || reducedMotion) return;
    const timer = window.setInterval(() => setActive((i) => (i + 1) % SLIDES.length), BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion]);
  const go = (step: number) => setActive((i) => (i + step + SLIDES.length) % SLIDES.length);

  return (
    <section
      className={classes.banner}
      aria-roledescription={t({ id: "home.carousel", defaultMessage: "carousel" })}
      aria-label={t({ id: "home.banner.label", defaultMessage: "Featured fruit" })}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {SLIDES.map((slide, index) => (
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group
        <div
          key={slide.slug}
          className={classes.slide}
          data-active={index === active || undefined}
          role="group"
          aria-roledescription={t({ id: "home.slide", defaultMessage: "slide" })}
          aria-label={t(
            { id: "home.slide.position", defaultMessage: "{index} of {count}" },
            { index: index + 1, count: SLIDES.length },
          )}
          aria-hidden={index !== active}
          inert={index !== active}
        >
          <Picture
            src={slide.image}
            alt=""
            sizes={IMAGE_SIZES.banner}
            width={1600}
            height={900}
            className={classes.slideImage}
            loading={index === 0 ? "eager" : "lazy"}
            fetchPriority={index === 0 ? "high" : "low"}
          />
          <div className={classes.slideShade} />
          <Container size="xl" className={classes.slideContent}>
            <Stack gap="md" maw={560} align="flex-start">
              <Badge color="orange" variant="filled" size="lg">
                {t({ id: "home.banner.badge", defaultMessage: "Fresh this week" })}
              </Badge>
              <Title order={index === 0 ? 1 : 2} className={classes.slideTitle}>
                {t(slide.title)}
              </Title>
              <Text c="gray.2" size="lg">
                {t(slide.text)}
              </Text>
              <Button component={Link} to={`/product/${slide.slug}`} size="lg" radius="xl" color="orange">
                {t({ id: "home.banner.shop", defaultMessage: "Shop Now" })}
              </Button>
            </Stack>
          </Container>
        </div>
      ))}
      <Group className={classes.bannerControls} gap="xs">
        <ActionIcon
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          aria-label={t({ id: "home.slide.previous", defaultMessage: "Previous slide" })}
          onClick={() => go(-1)}
        >
          <ChevronDownIcon style={{ transform: "rotate(90deg)" }} />
        </ActionIcon>
        {SLIDES.map((slide, index) => (
          <button
            key={slide.slug}
            type="button"
            className={classes.dot}
            data-active={index === active || undefined}
            aria-label={t(
              { id: "home.slide.show", defaultMessage: "Show slide {index}" },
              { index: index + 1 },
            )}
            aria-current={index === active}
            onClick={() => setActive(index)}
          />
        ))}
        <ActionIcon
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          aria-label={t({ id: "home.slide.next", defaultMessage: "Next slide" })}
          onClick={() => go(1)}
        >
          <ChevronDownIcon style={{ transform: "rotate(-90deg)" }} />
        </ActionIcon>
      </Group>
    </section>
  );
}
