import { productHead } from "@fruit/core/browser/pages";
import { Anchor, Breadcrumbs, Container, Grid, Stack, Title } from "@mantine/core";
import { useDeferredValue } from "react";
import { Link, useParams } from "react-router-dom";
import { NotFoundPage } from "../../components/not-found-page.tsx";
import { ErrorBlock, LoadingBlock } from "../../components/page-states.tsx";
import { useLocale, useT } from "../../i18n/intl.tsx";
import { ApiError } from "../../lib/api.ts";
import { usePageHead } from "../../lib/page-head.ts";
import { useProduct } from "../../resources/products.ts";
import { BuyBox } from "./buy-box.tsx";
import { ProductGallery } from "./product-gallery.tsx";
import { ReviewList } from "./reviews/review-list.tsx";
import { ReviewSection } from "./reviews/review-section.tsx";

/** /product/{slug} — pictures, buy box, reviews and the review form. */
export function ProductPage() {
  const { slug } = useParams();
  const { data, error, mutate } = useProduct(slug);
  // SWR hands its answer over synchronously: rendered from it directly, the whole page (pictures,
  // buy box, reviews) would be one long task on a slow phone the moment the product arrives. As a
  // deferred value it renders in an interruptible pass; a product already cached renders at once.
  const product = useDeferredValue(data);
  const t = useT();
  const locale = useLocale();
  usePageHead(product ? productHead(product, locale) : undefined);
  // No product of this slug: the server answered the page 404 too (docs/decisions/034-page-heads.md).
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error) {
    return (
      <Container size="xl" py="xl">
        <ErrorBlock error={error} onRetry={() => mutate()} />
      </Container>
    );
  }
  if (!product) {
    return <LoadingBlock label={t({ id: "product.loading", defaultMessage: "Loading product" })} />;
  }
  return (
    <Container size="xl" py="xl">
      <Breadcrumbs mb="lg" aria-label={t({ id: "breadcrumb", defaultMessage: "Breadcrumb" })}>
        <Anchor component={Link} to="/">
          {t({ id: "footer.home", defaultMessage: "Home" })}
        </Anchor>
        <Anchor component={Link} to="/products">
          {t({ id: "products.title", defaultMessage: "Products" })}
        </Anchor>
        <span aria-current="page">{product.name}</span>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductGallery name={product.name} images={[product.image, ...product.images]} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <BuyBox product={product} />
        </Grid.Col>
      </Grid>
      <Grid gap="xl" mt={48}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md" component="section" aria-labelledby="reviews-title">
            <Title order={2} id="reviews-title">
              {t({ id: "reviews.title", defaultMessage: "Reviews" })}
            </Title>
            <ReviewList reviews={product.reviews} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ReviewSection product={product} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
