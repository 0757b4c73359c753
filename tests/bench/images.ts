import type { ImageState } from "@fruit/core/browser/uploads";
import sharp from "sharp";
import { startShop } from "../support/shop.ts";
import { audit, type Sample } from "./lighthouse.ts";
import { type BenchGroup, median, type Row, round } from "./types.ts";

/**
 * Phone photos as a shop owner uploads them (docs/decisions/029-image-variants.md): six generated
 * 4000 × 3000 JPEGs of about 2 MB (a photo-like picture — soft colour fields, fine texture and sensor
 * grain —
 * with a camera and a GPS position in its EXIF), uploaded through the admin's own path (presign,
 * then the POST to the object store) and put on the catalogue's first six products. Rows:
 * - upload → variants ready: from the end of the POST until `GET /api/uploads/{id}` answers ready,
 *   one upload at a time (as the product form uploads) and six at once;
 * - Lighthouse mobile on `/products` and `/product/strawberry` (the first product), before (seeded
 *   art) and after (uploaded photos): performance, LCP, CLS and the image bytes of the page, median
 *   of BENCH_RUNS runs (default 5; the table is a median of 3).
 */

const PHOTOS = 6;
const PAGES = ["/products", "/product/strawberry"];

/** A 4000 × 3000 photo-like JPEG of about 2 MB with EXIF; `seed` varies its colours. */
async function phonePhoto(seed: number): Promise<Buffer> {
  // Soft colour fields: a tiny random image blown up (what a scene looks like at low frequency) ...
  const fields = Buffer.alloc(8 * 6 * 3);
  let state = seed * 7919 + 17;
  for (let i = 0; i < fields.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    fields[i] = 40 + (state % 180);
  }
  const scene = await sharp(fields, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(4000, 3000, { kernel: "cubic" })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // ... the texture of leaves, skins and soil (detail a few pixels wide at display size) ...
  const texture = await sharp({
    create: {
      width: 500,
      height: 375,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .resize(4000, 3000, { kernel: "cubic" })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // ... and the grain of a small sensor on top.
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 14 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(scene)
    .composite([
      { input: texture, blend: "soft-light" },
      { input: grain, blend: "overlay" },
    ])
    .jpeg({ quality: 76 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E" },
    })
    .toBuffer();
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The admin's upload: presign, then the form POST straight to the object store (the web app's path). */
async function upload(
  shopUrl: string,
  token: string,
  photo: Buffer,
): Promise<{ id: string; url: string; postedAt: number }> {
  const presigned = await json<{
    url: string;
    fields: Record<string, string>;
    id: string;
    secure_url: string;
  }>(
    await fetch(`${shopUrl}/api/uploads/presign`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ contentType: "image/jpeg", size: photo.length }),
    }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }));
  const posted = await fetch(presigned.url, { method: "POST", body: form });
  if (!posted.ok) throw new Error(`upload refused: ${posted.status} ${await posted.text()}`);
  return { id: presigned.id, url: presigned.secure_url, postedAt: performance.now() };
}

/** Milliseconds from `postedAt` until the upload's variants are ready (polled every 25 ms). */
async function readyAfter(shopUrl: string, token: string, id: string, postedAt: number): Promise<number> {
  for (;;) {
    const state = await json<ImageState>(
      await fetch(`${shopUrl}/api/uploads/${id}`, { headers: { Authorization: `Bearer ${token}` } }),
    );
    if (state.state === "ready") return performance.now() - postedAt;
    if (state.state === "failed") throw new Error(`upload ${id} refused: ${state.message}`);
    if (performance.now() - postedAt > 120_000) throw new Error(`upload ${id} not ready after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] as number;

async function lighthouseRows(
  shopUrl: string,
  runs: number,
  label: string,
  log: (m: string) => void,
): Promise<Row[]> {
  const samples = new Map<string, Sample[]>();
  for (let run = 1; run <= runs; run++) {
    for (const page of PAGES) {
      log(`${label}: run ${run}/${runs}: mobile ${page}`);
      samples.set(page, [...(samples.get(page) ?? []), await audit(`${shopUrl}${page}`, "mobile")]);
    }
  }
  return [...samples].flatMap(([page, list]) => {
    const of = (metric: keyof Sample) => median(list.map((sample) => sample[metric]));
    const range = (metric: keyof Sample) =>
      `${round(Math.min(...list.map((s) => s[metric])), 0)}–${round(Math.max(...list.map((s) => s[metric])), 0)}`;
    const note = `median of ${list.length}`;
    return [
      {
        name: `mobile ${page}, ${label}: performance`,
        value: of("performance"),
        unit: "/100",
        note: `${note}, range ${range("performance")}`,
      },
      {
        name: `mobile ${page}, ${label}: LCP`,
        value: round(of("lcp"), 0),
        unit: "ms",
        note: `range ${range("lcp")} ms`,
      },
      { name: `mobile ${page}, ${label}: CLS`, value: round(of("cls"), 3), unit: "", note },
      // The score's other parts: what moves it when LCP and CLS do not.
      ...(["tbt", "fcp", "si"] as const).map((metric) => ({
        name: `mobile ${page}, ${label}: ${metric === "si" ? "speed index" : metric.toUpperCase()}`,
        value: round(of(metric), 0),
        unit: "ms",
        note: `range ${range(metric)} ms`,
      })),
      {
        name: `mobile ${page}, ${label}: image bytes`,
        value: round(of("imageBytes") / 1024, 0),
        unit: "KB",
        note,
      },
    ];
  });
}

const group: BenchGroup = {
  title: "Uploaded phone photos: upload → variants, and the storefront with them (Lighthouse mobile)",
  async run(context) {
    context.log("generating six 4000 × 3000 JPEGs");
    const photos: Buffer[] = [];
    for (let i = 0; i < PHOTOS; i++) photos.push(await phonePhoto(i + 1));
    const photoKb = photos.map((photo) => photo.length / 1024);
    context.log("starting the shop");
    const shop = await startShop();
    const rows: Row[] = [];
    try {
      rows.push(...(await lighthouseRows(shop.url, context.runs, "seeded art", context.log)));

      const { token } = await json<{ token: string }>(
        await fetch(`${shop.url}/api/users/signin`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com", password: "admin1234" }),
        }),
      );
      context.log("uploading one at a time");
      const sequential: number[] = [];
      const urls: string[] = [];
      for (const photo of photos) {
        const { id, url, postedAt } = await upload(shop.url, token, photo);
        sequential.push(await readyAfter(shop.url, token, id, postedAt));
        urls.push(url);
      }
      context.log("uploading six at once");
      const burst = await Promise.all(
        photos.map(async (photo) => {
          const { id, postedAt } = await upload(shop.url, token, photo);
          return readyAfter(shop.url, token, id, postedAt);
        }),
      );
      rows.push(
        {
          name: "generated photos",
          value: round(median(photoKb), 0),
          unit: "KB",
          note: `median size of ${PHOTOS} JPEGs, 4000 × 3000 (${round(Math.min(...photoKb), 0)}–${round(Math.max(...photoKb), 0)} KB)`,
        },
        {
          name: "upload → variants ready, one at a time: p50",
          value: round(median(sequential), 0),
          unit: "ms",
          note: `${PHOTOS} uploads`,
        },
        {
          name: "upload → variants ready, one at a time: p95",
          value: round(p95(sequential), 0),
          unit: "ms",
          note: `max of ${PHOTOS}`,
        },
        {
          name: "upload → variants ready, six at once: p50",
          value: round(median(burst), 0),
          unit: "ms",
          note: "2 handlers at a time locally",
        },
        {
          name: "upload → variants ready, six at once: p95",
          value: round(p95(burst), 0),
          unit: "ms",
          note: "the last of six",
        },
      );

      const first = await json<{ _id: string; slug: string }[]>(
        await fetch(`${shop.url}/api/products?limit=${PHOTOS}`),
      );
      if (first[0]?.slug !== "strawberry")
        throw new Error(`the first product is ${first[0]?.slug}, not strawberry`);
      for (const [index, product] of first.entries()) {
        await json(
          await fetch(`${shop.url}/api/products/${product._id}`, {
            method: "PUT",
            headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ image: urls[index] }),
          }),
        );
      }
      // The catalogue answers are cached for up to 60 s by s-maxage; the local server has no CDN.
      rows.push(...(await lighthouseRows(shop.url, context.runs, "uploaded photos", context.log)));
    } finally {
      await shop.stop();
    }
    return rows;
  },
};

export default group;
