import { homeHead } from "@fruit/core/browser/pages";
import { Container } from "@mantine/core";
import { lazy, Suspense } from "react";
import { FeatureBoxes } from "../../../components/feature-boxes.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import { WhenVisible } from "../../../components/when-visible.tsx";
import { useLocale, useT } from "../../../i18n/intl.tsx";
import { loadMessages } from "../../../i18n/load-messages.ts";
import { usePageHead } from "../../../lib/page-head.ts";
import { BannerCarousel } from "./banner-carousel.tsx";
import { DealOfMonth } from "./deal-of-month.tsx";
import { FeaturedProducts } from "./featured-products.tsx";
import { NewsTeasers } from "./news-teasers.tsx";

/** The carousels below the fold and, on a French page, their part of the messages (i18n/message-parts.ts). */
const belowFold = () =>
  Promise.all([import("./below-fold-carousels.tsx"), loadMessages("home-below-fold")]).then(([m]) => m);
const Testimonials = lazy(() => belowFold().then((m) => ({ default: m.Testimonials })));
const LogoCarousel = lazy(() => belowFold().then((m) => ({ default: m.LogoCarousel })));

/** / — banner, deal of the month, products, features, testimonials, news and partner farms. */
export function HomePage() {
  const t = useT();
  usePageHead(homeHead(useLocale()));
  return (
    <>
      <BannerCarousel />
      <DealOfMonth />
      <FeaturedProducts />
      <Container
        size="xl"
        pb={64}
        component="section"
        aria-labelledby="features-title"
        className="below-fold"
      >
        <SectionHeading
          overline={t({ id: "home.features.overline", defaultMessage: "Why us" })}
          title={t({ id: "home.features.title", defaultMessage: "Fresh, fair and on time" })}
          id="features-title"
        />
        <FeatureBoxes />
      </Container>
      <WhenVisible minHeight={420}>
        <Suspense fallback={<div style={{ minHeight: 420 }} />}>
          <Testimonials />
        </Suspense>
      </WhenVisible>
      <NewsTeasers />
      <WhenVisible minHeight={150}>
        <Suspense fallback={<div style={{ minHeight: 150 }} />}>
          <LogoCarousel />
        </Suspense>
      </WhenVisible>
    </>
  );
}
