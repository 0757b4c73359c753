import { Button, Center, Container } from "@mantine/core";
import { Link } from "react-router-dom";
import { ErrorBlock, LoadingBlock } from "../../../components/page-states.tsx";
import { SectionHeading } from "../../../components/section-heading.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { useProducts } from "../../../resources/products.ts";
import { ProductGrid } from "../../catalog/index.ts";

/** How many products the home page shows. */
const FEATURED = 8;

/** The home page's product grid: the first eight of the catalogue (one read of 8) and a link to the rest. */
export function FeaturedProducts() {
  const { data, error, mutate } = useProducts({ limit: FEATURED });
  const t = useT();
  return (
    <Container size="xl" py={64} component="section" aria-labelledby="featured-title" className="below-fold">
      <SectionHeading
        overline={t({ id: "home.featured.overline", defaultMessage: "Our products" })}
        title={t({ id: "home.featured.title", defaultMessage: "Fresh from the farm" })}
        lead={t({
          id: "home.featured.lead",
          defaultMessage: "Hand-picked fruit and vegetables, priced per kg.",
        })}
        id="featured-title"
      />
      {error ? (
        <ErrorBlock error={error} onRetry={() => mutate()} />
      ) : !data ? (
        <LoadingBlock label={t({ id: "products.loading", defaultMessage: "Loading products" })} />
      ) : (
        <ProductGrid products={data.slice(0, FEATURED)} />
      )}
      <Center mt="xl">
        <Button component={Link} to="/products" variant="outline" radius="xl" size="md">
          {t({ id: "home.featured.all", defaultMessage: "See all products" })}
        </Button>
      </Center>
    </Container>
  );
}
