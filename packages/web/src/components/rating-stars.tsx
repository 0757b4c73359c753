import { useT } from "../i18n/intl.tsx";
import classes from "./rating-stars.module.css";

/**
 * Five stars for a 0-5 rating (rounded to the nearest half), with a readable label. A star's tile is
 * `size` px high and 25.5/24 of that wide (the gap); the filled layer is cut at the rounded rating.
 */
export function RatingStars({ value, count, size = 16 }: { value: number; count?: number; size?: number }) {
  const rounded = Math.min(5, Math.max(0, Math.round(value * 2) / 2));
  const t = useT();
  const rating = t({ id: "rating.value", defaultMessage: "Rated {value, number, ::.0} out of 5" }, { value });
  const label =
    count === undefined
      ? rating
      : t(
          {
            id: "rating.withCount",
            defaultMessage: "{rating}, {count, plural, one {# review} other {# reviews}}",
          },
          { rating, count },
        );
  const tiles = (stars: number) => `${(stars * size * 25.5) / 24}px`;
  return (
    <div role="img" aria-label={label} className={classes.row}>
      <span className={classes.stars} style={{ width: tiles(5), height: size }}>
        <span className={classes.filled} style={{ width: tiles(rounded) }} />
      </span>
      {count !== undefined && (
        <p aria-hidden="true" className={classes.count}>
          ({count})
        </p>
      )}
    </div>
  );
}
