import type { RATING_LABELS } from "@fruit/core/browser/reviews";
import { Alert, Button, Card, NativeSelect, Stack, Textarea, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { defineMessage } from "react-intl";
import { useT } from "../../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useShop } from "../../../lib/shop-store.ts";
import { createReview } from "./api/create-review.ts";

/** docs/product.md §8. */
export const REVIEW_MISSING_MESSAGE = defineMessage({
  id: "review.missing",
  defaultMessage: "Please enter comment and rating",
});
export const REVIEW_SUCCESS_MESSAGE = defineMessage({
  id: "review.success",
  defaultMessage: "Review submitted successfully",
});

/** The ratings' names (core's RATING_LABELS, in English), in the page's language. */
const RATING_NAMES = {
  1: defineMessage({ id: "review.rating.1", defaultMessage: "Poor" }),
  2: defineMessage({ id: "review.rating.2", defaultMessage: "Fair" }),
  3: defineMessage({ id: "review.rating.3", defaultMessage: "Good" }),
  4: defineMessage({ id: "review.rating.4", defaultMessage: "Very good" }),
  5: defineMessage({ id: "review.rating.5", defaultMessage: "Excelent" }),
} as const satisfies Record<keyof typeof RATING_LABELS, unknown>;

/** A signed-in user's review: rating and comment, both required (docs/product.md §5). */
export function ReviewForm({ product }: { product: { _id: string; slug: string } }) {
  const userInfo = useShop((s) => s.userInfo);
  const [rating, setRating] = useState("");
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();

  if (!userInfo) return null;
  const ratingOptions = [
    { value: "", label: t({ id: "review.select", defaultMessage: "Select..." }) },
    ...Object.entries(RATING_NAMES).map(([value, label]) => ({ value, label: `${value}- ${t(label)}` })),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating || !comment.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      await createReview(product, { rating: Number(rating), comment: comment.trim(), name: userInfo.name });
      notifySuccess(t(REVIEW_SUCCESS_MESSAGE));
      setRating("");
      setComment("");
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="review-form-title"
    >
      <Stack gap="md">
        <Title order={3} size="h4" id="review-form-title">
          {t({ id: "review.title", defaultMessage: "Write a customer review" })}
        </Title>
        <NativeSelect
          label={t({ id: "review.rating", defaultMessage: "Rating" })}
          data={ratingOptions}
          value={rating}
          onChange={(event) => setRating(event.currentTarget.value)}
        />
        <Textarea
          label={t({ id: "review.comments", defaultMessage: "Comments" })}
          placeholder={t({ id: "review.comments.placeholder", defaultMessage: "Leave a comment here" })}
          autosize
          minRows={3}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {missing && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {t(REVIEW_MISSING_MESSAGE)}
          </Alert>
        )}
        <Button type="submit" loading={busy} radius="xl" w={{ base: "100%", sm: "auto" }}>
          {t({ id: "review.submit", defaultMessage: "Submit" })}
        </Button>
      </Stack>
    </Card>
  );
}
