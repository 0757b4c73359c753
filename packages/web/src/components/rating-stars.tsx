import { Group, Text } from "@mantine/core";
import { StarIcon } from "./icons.tsx";

/** Five stars for a 0-5 rating (rounded to the nearest half), with a readable label. */
export function RatingStars({ value, count, size = 16 }: { value: number; count?: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  const label = `Rated ${value.toFixed(1)} out of 5${count === undefined ? "" : `, ${count} ${count === 1 ? "review" : "reviews"}`}`;
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Group gap={1} wrap="nowrap" c="yellow.6">
        {[1, 2, 3, 4, 5].map((star) => (
          <span key={star} style={{ position: "relative", display: "inline-flex" }}>
            <StarIcon filled={false} size={size} />
            {rounded >= star - 0.5 && (
              <span
                style={{
                  position: "absolute",
                  inset: 0,
                  overflow: "hidden",
                  width: rounded >= star ? "100%" : "50%",
                }}
              >
                <StarIcon size={size} />
              </span>
            )}
          </span>
        ))}
      </Group>
      {count !== undefined && (
        <Text size="sm" c="dimmed" aria-hidden="true">
          ({count})
        </Text>
      )}
    </Group>
  );
}
