import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  convertedSetOf,
  IMAGE_EXTENSIONS,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  ORIGINAL_EXTENSIONS,
  SHARE_WIDTH,
  variantSetOf,
  variantUrl,
} from "./upload.schema.ts";
import { MAX_INPUT_PIXELS, makeVariants, type VariantResult } from "./variants.ts";

/** A 1800 × 1200 JPEG with EXIF orientation 6 (stored landscape, shown portrait) and a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  const left = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: "#c0392b" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#27ae60" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E" },
    })
    .toBuffer();
}

const ok = (result: VariantResult) => {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
};

describe("makeVariants", () => {
  let photo: Buffer;
  let result: Extract<VariantResult, { ok: true }>;
  beforeAll(async () => {
    photo = await phonePhoto();
    // The fixture itself carries what must not reach a shopper.
    const meta = await sharp(photo).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    result = ok(await makeVariants(photo));
  });

  it("makes AVIF and WebP at every width and a 1200-wide JPEG share image", async () => {
    const names = result.files.map((file) => file.name).sort();
    const expected = [
      ...IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => `${width}.${format}`)),
      "share.jpg",
    ].sort();
    expect(names).toEqual(expected);
    for (const file of result.files) {
      const meta = await sharp(file.body).metadata();
      const format = file.name.split(".")[1];
      expect(meta.format).toBe(format === "jpg" ? "jpeg" : format === "avif" ? "heif" : format);
      if (format === "avif") expect(meta.compression).toBe("av1");
      expect(file.contentType).toBe(format === "jpg" ? "image/jpeg" : `image/${format}`);
    }
  });

  it("applies the orientation: variants are portrait, at their width, never enlarged", async () => {
    expect(result).toMatchObject({ width: 1200, height: 1800 });
    for (const file of result.files) {
      const meta = await sharp(file.body).metadata();
      const wanted = file.name === "share.jpg" ? SHARE_WIDTH : Number(file.name.split(".")[0]);
      // 1200 is the oriented original's width: wider variants repeat it.
      expect(meta.width).toBe(Math.min(wanted, 1200));
      expect(meta.height).toBe(Math.round((meta.width as number) * 1.5));
      expect(meta.orientation ?? 1).toBe(1);
    }
    // The red left half of the stored image is the top after rotating 90° clockwise.
    const small = result.files.find((file) => file.name === "320.webp")?.body as Buffer;
    const { data } = await sharp(small).extract({ left: 160, top: 20, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[0]).toBeGreaterThan(150); // red
    expect(data[1]).toBeLessThan(100);
  });

  it("strips EXIF, GPS and every other metadata block", async () => {
    for (const file of result.files) {
      const meta = await sharp(file.body).metadata();
      expect(meta.exif, file.name).toBeUndefined();
      expect(meta.xmp, file.name).toBeUndefined();
      expect(meta.iptc, file.name).toBeUndefined();
      expect(file.body.includes(Buffer.from("PhoneMaker")), file.name).toBe(false);
      expect(file.body.includes(Buffer.from("GPS")), file.name).toBe(false);
    }
  });

  it("names the dominant colour, for a placeholder", () => {
    expect(result.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("refuses a text file named .jpg", async () => {
    expect(await makeVariants(Buffer.from("hello, this is not a photo\n"))).toEqual({
      ok: false,
      message: "The file is not a JPEG, PNG, WebP, GIF or AVIF image",
    });
  });

  it("refuses a truncated JPEG", async () => {
    expect(await makeVariants(photo.subarray(0, Math.floor(photo.length / 2)))).toEqual({
      ok: false,
      message: "The file is damaged or not an image",
    });
  });

  it("refuses bytes that only start like an image", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(await makeVariants(fake)).toEqual({ ok: false, message: "The file is damaged or not an image" });
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    // 10 000 × 10 000 of one colour: a few hundred KB of PNG, 300 MB once decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    // Every way sharp hands out decoded pixels (a buffer, a file, stats) is watched while it runs.
    const decodes = (["toBuffer", "toFile", "stats"] as const).map((method) =>
      vi.spyOn(sharp.prototype, method),
    );
    const metadata = vi.spyOn(sharp.prototype, "metadata");
    try {
      expect(await makeVariants(bomb)).toEqual({
        ok: false,
        message: "The image has too many pixels (at most 50 megapixels)",
      });
      expect(metadata).toHaveBeenCalled();
      for (const decode of decodes) expect(decode).not.toHaveBeenCalled();
    } finally {
      for (const spy of [...decodes, metadata]) spy.mockRestore();
    }
  });

  it("takes a small PNG with transparency: variants stay that small, the share image is opaque", async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const small = ok(await makeVariants(png));
    for (const file of small.files) {
      const meta = await sharp(file.body).metadata();
      expect(meta.width).toBe(file.name.startsWith("160.") ? 160 : 200);
      if (file.name === "share.jpg") expect(meta.hasAlpha).toBe(false);
    }
  });
});

describe("variant URLs", () => {
  it("reads the set from any variant's URL and builds the others", () => {
    const set = variantSetOf("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/800.webp");
    expect(set).toEqual({ base: "/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB" });
    expect(variantUrl(set as { base: string }, 320, "avif")).toBe(
      "/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/320.avif",
    );
    expect(variantSetOf("/images/seed/apple/160.avif")).toEqual({ base: "/images/seed/apple" });
    expect(variantSetOf("https://cdn.example.com/images/a/480.webp")).toEqual({
      base: "https://cdn.example.com/images/a",
    });
  });

  it("finds the variants an original from before variants was converted into", () => {
    expect(convertedSetOf("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg")).toEqual({
      base: "/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB",
    });
    expect(convertedSetOf("https://cdn.example.com/images/a.png")).toEqual({
      base: "https://cdn.example.com/images/a",
    });
    expect([...ORIGINAL_EXTENSIONS].sort()).toEqual(Object.values(IMAGE_EXTENSIONS).sort());
    for (const url of [
      "/images/a/800.webp",
      "/images/a.txt",
      "/images/seed/apple.jpg",
      "/images/..jpg",
      "/placeholder.svg",
      "https://example.com/photo.jpg",
    ]) {
      expect(convertedSetOf(url), url).toBeUndefined();
    }
  });

  it("is undefined for anything that is not a variant", () => {
    for (const url of [
      "/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg",
      "/images/a/801.webp",
      "/images/a/800.png",
      "/images/../800.webp",
      "/placeholder.svg",
      "https://example.com/photo.jpg",
    ])
      expect(variantSetOf(url), url).toBeUndefined();
  });
});
