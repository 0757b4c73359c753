import {
  convertedSetOf,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageWidth,
  type VariantSet,
  variantSetOf,
  variantUrl,
} from "@fruit/core/browser/uploads";
import { type CSSProperties, useState } from "react";
import classes from "./picture.module.css";

/**
 * A stored image as the shop serves it (docs/decisions/029-image-variants.md): a `<picture>` whose
 * AVIF `<source>` and WebP `<img>` list every variant width, so the browser downloads the one its
 * display size (`sizes`) and screen density need, in the best format it reads — never the upload.
 * `width`/`height` give the box its aspect ratio before anything loads (no layout shift). Until the
 * variant arrives the box shows a flat placeholder colour; if the variants are not made yet (an
 * image uploaded a moment ago) or were refused, the placeholder stays, without a broken-image icon.
 * A URL that names no variant (the blank product's placeholder, an https URL) is shown as it is; an
 * upload's original from before variants (`/images/<stem>.jpg`, kept by a cart saved in a browser)
 * too, and once it is gone (converted and deleted by a migration) its variants are shown instead.
 */
export interface PictureProps {
  src: string;
  alt: string;
  /** The CSS size the image is displayed at, per viewport: e.g. `(min-width: 62em) 33vw, 50vw`. */
  sizes: string;
  width: number;
  height: number;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  loading?: "eager" | "lazy" | undefined;
  fetchPriority?: "high" | "low" | "auto" | undefined;
}

/** `srcset` of one format: every width of the set. */
export const srcSetOf = (set: VariantSet, format: (typeof IMAGE_FORMATS)[number]): string =>
  IMAGE_WIDTHS.map((width) => `${variantUrl(set, width, format)} ${width}w`).join(", ");

/** A small fixed-size thumbnail's look (cart, orders, admin): cropped to its square, rounded. */
export const THUMB_STYLE: CSSProperties = {
  display: "block",
  flex: "none",
  objectFit: "cover",
  borderRadius: "var(--mantine-radius-md)",
};

/** The `src` for browsers without `srcset` support: a mid-size WebP. */
const FALLBACK_WIDTH: ImageWidth = 800;

export function Picture({
  src,
  alt,
  sizes,
  width,
  height,
  className,
  style,
  loading,
  fetchPriority,
}: PictureProps) {
  // What failed to load for this `src`: the URL as given (then its converted variants are tried, for
  // an original), or everything (then the placeholder box stays).
  const [failed, setFailed] = useState<{ src: string; what: "as given" | "everything" } | null>(null);
  const failure = failed?.src === src ? failed.what : undefined;
  const given = variantSetOf(src);
  const converted = given ? undefined : convertedSetOf(src);
  const set = given ?? (failure === "as given" ? converted : undefined);
  const onError = () =>
    setFailed({
      src,
      what: failure === undefined && converted ? "as given" : "everything",
    });
  const imgClass = [classes.image, className].filter(Boolean).join(" ");
  if (failure === "everything") {
    const box = {
      className: `${imgClass} ${classes.missing}`,
      style: { aspectRatio: `${width} / ${height}`, ...style },
    };
    return alt ? <span role="img" aria-label={alt} {...box} /> : <span aria-hidden="true" {...box} />;
  }
  const img = (
    <img
      src={set ? variantUrl(set, FALLBACK_WIDTH, "webp") : src}
      srcSet={set ? srcSetOf(set, "webp") : undefined}
      sizes={set ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={imgClass}
      style={style}
      onError={onError}
    />
  );
  if (!set) return img;
  return (
    <picture className={classes.picture}>
      {IMAGE_FORMATS.filter((format) => format !== "webp").map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSetOf(set, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
