import type { Review } from "@fruit/core/browser/products";
import { Card, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { RatingStars } from "../../../components/rating-stars.tsx";
import { useFormat, useT } from "../../../i18n/intl.tsx";

/** The reviews, newest first as the server sends them; dates cut to the first 10 characters (docs/product.md §2). */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const t = useT();
  const format = useFormat();
  if (reviews.length === 0) {
    return (
      <Text c="dimmed">
        {t({
          id: "reviews.none",
          defaultMessage: "There is no review yet. Be the first to share what you think.",
        })}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {reviews.map((review) => (
        <Card key={review._id} component="li" withBorder radius="lg" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon color="green" variant="light" radius="xl" size={38} aria-hidden="true" fw={700}>
                {review.name.slice(0, 1).toUpperCase()}
              </ThemeIcon>
              <div>
                <Text fw={700}>{review.name}</Text>
                <RatingStars value={review.rating} size={14} />
              </div>
            </Group>
            <Text size="sm" c="dimmed" component="time" dateTime={review.createdAt}>
              {format.day(review.createdAt)}
            </Text>
          </Group>
          <Text mt="sm">{review.comment}</Text>
        </Card>
      ))}
    </Stack>
  );
}
