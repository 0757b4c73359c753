import type { Product } from "@fruit/core/browser/products";
import { Badge, Button, Card } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { IMAGE_SIZES } from "../../components/image-sizes.ts";
import { Picture } from "../../components/picture.tsx";
import { RatingStars } from "../../components/rating-stars.tsx";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { getShopState } from "../../lib/shop-store.ts";
import { AddToCartButton, addToCart, OUT_OF_STOCK_CARD_MESSAGE } from "../cart/index.ts";
import classes from "./product-card.module.css";
import { setRestockAlert } from "./restock/restock-alert.ts";

/**
 * A catalogue card: picture and name link to /product/{slug}; Add to Cart runs the stock check; a
 * sold-out card's Notify me asks to be told when it is back (a visitor signs in first).
 * Plain elements styled by the CSS module inside the Card: the catalogue renders ~30 of these at
 * once, and each Mantine layout/text component (and a responsive style prop's own <style> tag)
 * costs render time on a slow phone.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const [busy, setBusy] = useState(false);
  const soldOut = product.countInStock <= 0;
  const navigate = useNavigate();
  const t = useT();
  const format = useFormat();
  const notify = async () => {
    if (!getShopState().userInfo) {
      navigate(`/login?redirect=${encodeURIComponent(`/product/${product.slug}`)}`);
      return;
    }
    setBusy(true);
    try {
      await setRestockAlert(product._id, true);
      notifySuccess(
        t(
          { id: "restock.set", defaultMessage: "We will e-mail you when {name} is back" },
          { name: product.name },
        ),
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    setBusy(true);
    try {
      if (await addToCart(product, { outOfStockMessage: OUT_OF_STOCK_CARD_MESSAGE })) {
        notifySuccess(
          t({ id: "cart.added", defaultMessage: "{name} added to your cart" }, { name: product.name }),
        );
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="sm" className={classes.card} component="article">
      <Card.Section className={classes.media}>
        <Link to={`/product/${product.slug}`} tabIndex={-1} aria-hidden="true">
          <Picture
            src={product.image}
            alt=""
            sizes={IMAGE_SIZES.card}
            width={400}
            height={300}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            className={classes.image}
          />
        </Link>
        {soldOut && (
          <Badge color="gray" variant="filled" className={classes.badge}>
            {t({ id: "product.soldOut", defaultMessage: "Sold out" })}
          </Badge>
        )}
      </Card.Section>
      <div className={classes.body}>
        <p className={classes.category}>{product.category}</p>
        <Link to={`/product/${product.slug}`} className={classes.title}>
          {product.name}
        </Link>
        <RatingStars value={product.rating} count={product.numReviews} size={14} />
        <div className={classes.footer}>
          <p className={classes.price}>
            {format.money(product.price)}
            <span className={classes.unit}> / {format.perUnit(product.unit)}</span>
          </p>
          {soldOut ? (
            <Button
              size="xs"
              radius="xl"
              variant="light"
              onClick={() => void notify()}
              loading={busy}
              aria-label={t(
                { id: "restock.notify.label", defaultMessage: "Notify me when {name} is back" },
                { name: product.name },
              )}
            >
              {t({ id: "restock.notify", defaultMessage: "Notify me" })}
            </Button>
          ) : (
            <AddToCartButton
              compact
              onClick={add}
              busy={busy}
              aria-label={t(
                { id: "cart.add.label", defaultMessage: "Add {name} to cart" },
                { name: product.name },
              )}
            >
              {t({ id: "cart.add.short", defaultMessage: "Add" })}
            </AddToCartButton>
          )}
        </div>
      </div>
    </Card>
  );
}
