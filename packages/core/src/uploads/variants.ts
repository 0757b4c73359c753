import sharp, { type Metadata, type Sharp } from "sharp";
import { sniffImageType } from "./sniff.ts";
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat, SHARE_WIDTH } from "./upload.schema.ts";

/**
 * The image pipeline (docs/decisions/029-image-variants.md): one stored upload in, its variants out —
 * AVIF and WebP at each of `IMAGE_WIDTHS`, a 1200-wide JPEG share image — with the orientation of its
 * EXIF applied and every metadata block (EXIF, GPS, XMP, IPTC) left out, colours converted to sRGB.
 * Pure: no I/O, so the unit tests run it on bytes (`process.ts` does the storage around it).
 */

/**
 * The most pixels an upload may decode to: 50 MP (a 48 MP phone photo is 8064 × 6048). sharp reads
 * the dimensions from the header and refuses larger images before decoding a pixel, so a small file
 * that claims a huge image (a decompression bomb) costs nothing.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** A decode or encode running longer than this is abandoned (the function's own timeout is longer). */
const SHARP_TIMEOUT_SECONDS = 30;

/** Encoder settings: quality for photos on screens; `effort` trades a little size for speed. */
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0 }),
  webp: (image) => image.webp({ quality: 72, effort: 3 }),
};

/** One file to store beside the others under `images/<stem>/`. */
export interface VariantFile {
  /** `800.avif`, `share.jpg`, ... */
  name: string;
  contentType: string;
  body: Buffer;
}

export type VariantResult =
  | { ok: true; width: number; height: number; color: string; files: VariantFile[] }
  | { ok: false; message: string };

const refuse = (message: string): VariantResult => ({ ok: false, message });

const hex = (value: number) => Math.round(value).toString(16).padStart(2, "0");

/**
 * Makes every variant of one image, or says why it cannot: not an image (whatever its name says),
 * more than `MAX_INPUT_PIXELS`, truncated or corrupt. Never throws for bad input.
 *
 * @example
 * const result = await makeVariants(bytes);
 * if (result.ok) for (const file of result.files) await put(`images/${stem}/${file.name}`, file.body);
 */
export async function makeVariants(bytes: Uint8Array): Promise<VariantResult> {
  if (!sniffImageType(bytes)) return refuse("The file is not a JPEG, PNG, WebP, GIF or AVIF image");
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // failOn "warning": a truncated or damaged file is refused, not decoded into a half-grey picture.
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" });
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded, so the count is checked here and named in the refusal.
    meta = await sharp(input, { limitInputPixels: false, failOn: "warning" }).metadata();
  } catch {
    return refuse("The file is damaged or not an image");
  }
  const { width, height } = meta;
  if (!width || !height) return refuse("The file is damaged or not an image");
  if (width * height > MAX_INPUT_PIXELS)
    return refuse(`The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
  try {
    // Decoded once, oriented and brought down to the largest width; every variant resizes from there.
    const largest = Math.max(...IMAGE_WIDTHS, SHARE_WIDTH);
    const { data, info } = await open()
      .timeout({ seconds: SHARP_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const fromRaw = () => sharp(data, raw).timeout({ seconds: SHARP_TIMEOUT_SECONDS });
    const { dominant } = await fromRaw().stats();

    // A width the (oriented) original does not reach holds the original's width; each width is encoded once.
    const actual = (target: number) => Math.min(target, info.width);
    const encoded = new Map<string, Buffer>();
    await Promise.all(
      [...new Set(IMAGE_WIDTHS.map(actual))].flatMap((width) =>
        IMAGE_FORMATS.map(async (format) => {
          const image = fromRaw().resize({ width, withoutEnlargement: true });
          encoded.set(`${width}.${format}`, await ENCODERS[format](image).toBuffer());
        }),
      ),
    );
    const files: VariantFile[] = IMAGE_WIDTHS.flatMap((target) =>
      IMAGE_FORMATS.map((format) => ({
        name: `${target}.${format}`,
        contentType: `image/${format}`,
        body: encoded.get(`${actual(target)}.${format}`) as Buffer,
      })),
    );
    const share = await fromRaw()
      .resize({ width: SHARE_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    files.push({ name: "share.jpg", contentType: "image/jpeg", body: share });
    // Oriented dimensions (a portrait phone photo is stored landscape with an EXIF rotation).
    const swapped = (meta.orientation ?? 1) >= 5;
    return {
      ok: true,
      width: swapped ? height : width,
      height: swapped ? width : height,
      color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      files,
    };
  } catch {
    return refuse("The file is damaged or not an image");
  }
}
