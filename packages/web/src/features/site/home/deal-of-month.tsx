import { DEAL_BANNER_IMAGE, DEAL_SLUG } from "@fruit/core/browser/products";
import { Badge, Container, Grid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { IMAGE_SIZES } from "../../../components/image-sizes.ts";
import { Picture } from "../../../components/picture.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useProduct } from "../../../resources/products.ts";
import { AddToCartButton, addToCart } from "../../cart/index.ts";
import { Countdown } from "./countdown.tsx";
import classes from "./home.module.css";

/** Deal of the month: loads the fixed product by slug; Add to Cart (stock-checked) then /cart. */
export function DealOfMonth() {
  const { data: product, error } = useProduct(DEAL_SLUG);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const format = useFormat();
  const add = async () => {
    if (!product) return;
    setBusy(true);
    const added = await addToCart(product);
    setBusy(false);
    if (added) navigate("/cart");
  };
  return (
    <Container size="xl" py={64} component="section" aria-labelledby="deal-title">
      <Grid gap={0} className={classes.deal} align="stretch">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Picture
            src={DEAL_BANNER_IMAGE}
            alt=""
            sizes={IMAGE_SIZES.deal}
            width={960}
            height={640}
            loading="lazy"
            className={classes.dealImage}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md" p={{ base: "lg", sm: 40 }} justify="center" h="100%">
            <Badge color="red" size="lg" variant="filled">
              {t({ id: "home.deal.badge", defaultMessage: "30% off per kg" })}
            </Badge>
            <Text c="orange.8" fw={800} tt="uppercase" size="sm">
              {t({ id: "home.deal.overline", defaultMessage: "Deal of the month" })}
            </Text>
            <Title order={2} id="deal-title">
              {product
                ? product.name
                : t({ id: "home.deal.title", defaultMessage: "Honey-sweet tropical fruit" })}
            </Title>
            {error ? (
              <Text c="red.8" size="sm" role="alert">
                {errorMessage(error)}
              </Text>
            ) : product ? (
              <Text c="dark.5">
                {product.description}{" "}
                <Text span fw={800} c="green.9">
                  {format.money(product.price)} / {format.perUnit(product.unit)}
                </Text>
              </Text>
            ) : (
              <Skeleton height={48} />
            )}
            <Countdown />
            <AddToCartButton onClick={add} busy={busy} disabled={!product} w="fit-content" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
