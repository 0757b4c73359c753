import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import type { ImageState } from "@fruit/core/browser/uploads";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { readImageState, stateKey } from "@fruit/core/uploads/state";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Every stored upload goes through the image function (the local object store notifies it as S3
 * does): variants appear under images/<id>/, the upload itself is never public, and a bad upload
 * ends in a `failed` state the product form reads from GET /api/uploads/{id}.
 */

/** A 1600 × 1200 JPEG with a camera, a GPS position and EXIF orientation 6 (shown portrait). */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8e44ad" } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" },
    })
    .toBuffer();
}

const multipart = (bytes: Uint8Array, type: string, name = "photo.jpg") => {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
};

describe("image variants", () => {
  let admin: TestUser;
  let customer: TestUser;
  let photo: Buffer;

  beforeAll(async () => {
    await useFreshTable("image-variants");
    admin = await createUser({ isAdmin: true });
    customer = await createUser();
    photo = await phonePhoto();
  });

  const state = (id: string, token = admin.token) => api<ImageState>(`/api/uploads/${id}`, { token });

  /** Polls the upload's state until it is no longer pending (the function runs after the write). */
  async function settled(id: string): Promise<ImageState> {
    const started = Date.now();
    for (;;) {
      const res = await state(id);
      expect(res.status).toBe(200);
      if (res.body.state !== "pending") return res.body;
      if (Date.now() - started > 30_000) throw new Error(`upload ${id} still pending after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Posts a presigned upload as the admin's browser does; answers the upload's id. */
  async function presignedUpload(bytes: Uint8Array, contentType: string): Promise<string> {
    const presigned = await api("/api/uploads/presign", {
      method: "POST",
      token: admin.token,
      body: { contentType, size: bytes.length },
    });
    expect(presigned.status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.body.fields as Record<string, string>))
      form.append(name, value);
    form.append("file", new Blob([new Uint8Array(bytes)], { type: contentType }));
    const posted = await fetch(presigned.body.url, { method: "POST", body: form });
    expect(posted.status).toBeLessThan(300);
    return presigned.body.id;
  }

  it("makes AVIF and WebP variants without EXIF or GPS for a presigned POST", async () => {
    const id = await presignedUpload(photo, "image/jpeg");
    expect(await settled(id)).toEqual({
      state: "ready",
      width: 1200,
      height: 1600,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const listed = await s3().send(
      new ListObjectsV2Command({ Bucket: bucketName(), Prefix: `images/${id}/` }),
    );
    const names = (listed.Contents ?? []).map((object) => object.Key?.slice(`images/${id}/`.length)).sort();
    expect(names).toEqual(
      [
        ...[160, 320, 480, 800, 1200, 1600].flatMap((width) => [`${width}.avif`, `${width}.webp`]),
        "share.jpg",
        "state.json",
      ].sort(),
    );
    for (const name of ["320.avif", "800.webp", "1600.webp", "share.jpg"]) {
      const object = await s3().send(
        new GetObjectCommand({ Bucket: bucketName(), Key: `images/${id}/${name}` }),
      );
      const bytes = Buffer.from(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(bytes.includes(Buffer.from("PhoneMaker")), name).toBe(false);
      expect(meta.width, name).toBe(name === "320.avif" ? 320 : name === "800.webp" ? 800 : 1200);
      expect(meta.height, name).toBe(Math.round((meta.width as number) * (4 / 3)));
      expect(object.CacheControl).toBe("public, max-age=31536000, immutable");
    }
  });

  it("makes the variants of a direct upload (POST /api/upload) too", async () => {
    const res = await api("/api/upload", {
      method: "POST",
      token: admin.token,
      body: multipart(photo, "image/jpeg"),
    });
    expect(res.status).toBe(200);
    expect(await settled(res.body.id)).toMatchObject({ state: "ready" });
    const display = await s3().send(
      new HeadObjectCommand({ Bucket: bucketName(), Key: res.body.secure_url.slice(1) }),
    );
    expect(display.ContentType).toBe("image/webp");
  });

  it("ends a text file sent as a JPEG, a truncated JPEG and a decompression bomb in a failed state", async () => {
    const text = await presignedUpload(Buffer.from("just some text, named photo.jpg\n"), "image/jpeg");
    const truncated = await api("/api/upload", {
      method: "POST",
      token: admin.token,
      body: multipart(photo.subarray(0, Math.floor(photo.length / 2)), "image/jpeg"),
    });
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bombId = await presignedUpload(bomb, "image/png");
    expect(await settled(text)).toEqual({
      state: "failed",
      message: "The file is not a JPEG, PNG, WebP, GIF or AVIF image",
    });
    expect(await settled(truncated.body.id)).toEqual({
      state: "failed",
      message: "The file is damaged or not an image",
    });
    expect(await settled(bombId)).toEqual({
      state: "failed",
      message: "The image has too many pixels (at most 50 megapixels)",
    });
    for (const id of [text, truncated.body.id, bombId]) {
      const listed = await s3().send(
        new ListObjectsV2Command({ Bucket: bucketName(), Prefix: `images/${id}/` }),
      );
      expect((listed.Contents ?? []).map((object) => object.Key)).toEqual([`images/${id}/state.json`]);
    }
  });

  it("answers pending before the function has run, 400 for a malformed id, admins only", async () => {
    expect((await state("01JD3W6M3E1T5ZK0Q7Y8X9V2AB")).body).toEqual({ state: "pending" });
    expectClientError(await state("not-an-upload"), 400);
    expectClientError(await state("01JD3W6M3E1T5ZK0Q7Y8X9V2AB", customer.token), 403);
  });

  it("fails loudly on a state record that is whole JSON but not a state, naming the field", async () => {
    const stem = "01JD3W6M3E1T5ZK0Q7Y8X9V2AC";
    const write = (body: string) =>
      s3().send(
        new PutObjectCommand({
          Bucket: bucketName(),
          Key: stateKey(stem),
          Body: body,
          ContentType: "application/json",
        }),
      );
    await write('{"state":"ready","width":"800","height":600,"color":"#8e44ad"}');
    await expect(readImageState(stem)).rejects.toThrow(
      expect.objectContaining({
        name: "ForeignDataError",
        edge: "image state.json",
        path: "width",
        message: expect.stringMatching(/^image state\.json is malformed: width: /),
      }),
    );
    expect((await state(stem)).status).toBe(500);
    await write('{"state":"done"}');
    await expect(readImageState(stem)).rejects.toThrow(/image state\.json is malformed: state: /);
    // Cut short while it was written (the local store writes in place): still pending.
    await write('{"state":"ready","wid');
    expect(await readImageState(stem)).toEqual({ state: "pending" });
  });
});
