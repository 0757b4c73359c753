import { RATING_LABELS } from "@fruit/core/browser/reviews";
import { Alert, Button, Card, NativeSelect, Stack, Textarea, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useShop } from "../../../lib/shop-store.ts";
import { createReview } from "./api/create-review.ts";

/** docs/product.md §8. */
export const REVIEW_MISSING_MESSAGE = "Please enter comment and rating";
export const REVIEW_SUCCESS_MESSAGE = "Review submitted successfully";

const RATING_OPTIONS = [
  { value: "", label: "Select..." },
  ...Object.entries(RATING_LABELS).map(([value, label]) => ({ value, label: `${value}- ${label}` })),
];

/** A signed-in user's review: rating and comment, both required (docs/product.md §5). */
export function ReviewForm({ product }: { product: { _id: string; slug: string } }) {
  const userInfo = useShop((s) => s.userInfo);
  const [rating, setRating] = useState("");
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!userInfo) return null;

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
      notifySuccess(REVIEW_SUCCESS_MESSAGE);
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
          Write a customer review
        </Title>
        <NativeSelect
          label="Rating"
          data={RATING_OPTIONS}
          value={rating}
          onChange={(event) => setRating(event.currentTarget.value)}
        />
        <Textarea
          label="Comments"
          placeholder="Leave a comment here"
          autosize
          minRows={3}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {missing && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {REVIEW_MISSING_MESSAGE}
          </Alert>
        )}
        <Button type="submit" loading={busy} radius="xl" w={{ base: "100%", sm: "auto" }}>
          Submit
        </Button>
      </Stack>
    </Card>
  );
}
