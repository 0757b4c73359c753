import { Anchor, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { LoadingBlock } from "../../../components/page-states.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { useShop } from "../../../lib/shop-store.ts";

// Only signed-in users can review: visitors never download the form and its validation.
const ReviewForm = lazy(() => import("./review-form.tsx").then((m) => ({ default: m.ReviewForm })));

/** The review form for signed-in users; a link to sign in (and come back here) for visitors. */
export function ReviewSection({ product }: { product: { _id: string; slug: string } }) {
  const signedIn = useShop((s) => s.userInfo !== null);
  const t = useT();
  if (!signedIn) {
    return (
      <Text>
        {t(
          { id: "reviews.signIn", defaultMessage: "Please <link>Sign In</link> to write a review" },
          {
            link: (chunks) => (
              <Anchor component={Link} to={`/login?redirect=/product/${product.slug}`} fw={700}>
                {chunks}
              </Anchor>
            ),
          },
        )}
      </Text>
    );
  }
  return (
    <Suspense
      fallback={
        <LoadingBlock label={t({ id: "reviews.loadingForm", defaultMessage: "Loading the review form" })} />
      }
    >
      <ReviewForm product={product} />
    </Suspense>
  );
}
