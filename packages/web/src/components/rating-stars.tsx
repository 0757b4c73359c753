import { StarIcon } from "./icons.tsx";

const row = { display: "flex", alignItems: "center", flexWrap: "nowrap" } as const;

/**
 * Five stars for a 0-5 rating (rounded to the nearest half), with a readable label. Plain elements:
 * a catalogue page draws one per card.
 */
export function RatingStars({ value, count, size = 16 }: { value: number; count?: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  const label = `Rated ${value.toFixed(1)} out of 5${count === undefined ? "" : `, ${count} ${count === 1 ? "review" : "reviews"}`}`;
  return (
    <div role="img" aria-label={label} style={{ ...row, gap: 6 }}>
      <div style={{ ...row, gap: 1, color: "var(--mantine-color-yellow-6)" }}>
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
      </div>
      {count !== undefined && (
        <p
          aria-hidden="true"
          style={{
            margin: 0,
            fontSize: "var(--mantine-font-size-sm)",
            lineHeight: "var(--mantine-line-height-sm)",
            color: "var(--mantine-color-dimmed)",
          }}
        >
          ({count})
        </p>
      )}
    </div>
  );
}
