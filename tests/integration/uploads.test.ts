import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import {
  DIRECT_TOO_LARGE_MESSAGE,
  DIRECT_UPLOAD_BODY_LIMIT,
  DIRECT_UPLOAD_MAX_BYTES,
  IMAGE_CACHE_CONTROL,
  UPLOAD_MAX_BYTES,
} from "@fruit/core/browser/uploads";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];

function multipart(
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  field = "file",
  name = "upload.bin",
): FormData {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
}

/** Bytes of `size` that start with a signature (the rest zeros). */
const withHead = (head: readonly number[], size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};

describe("uploads", () => {
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    await useFreshTable("uploads");
    admin = await createUser({ isAdmin: true });
    customer = await createUser();
  });

  const presign = (body: unknown, token = admin.token) =>
    api("/api/uploads/presign", { method: "POST", token, body });
  const upload = (form: FormData | string, token = admin.token) =>
    api("/api/upload", { method: "POST", token, body: form });

  it("signs a POST policy: server-chosen key, exact type and Cache-Control, 1 byte..5 MB, 5 minutes", async () => {
    const before = Date.now();
    const res = await presign({ contentType: "image/png", size: 1234, key: "images/../evil.png" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { url, fields, key, secure_url } = res.body;
    expect(key).toMatch(/^uploads\/[0-9A-HJKMNP-TV-Z]{26}\.png$/);
    expect(res.body.id).toBe(key.slice("uploads/".length, -".png".length));
    // What the shop displays is the display variant the image function makes, never the upload.
    expect(secure_url).toBe(`/images/${res.body.id}/800.webp`);
    expect(url).toContain(bucketName());
    expect(fields).toMatchObject({ key, "Content-Type": "image/png", "Cache-Control": IMAGE_CACHE_CONTROL });
    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, UPLOAD_MAX_BYTES],
        ["eq", "$Content-Type", "image/png"],
        ["eq", "$Cache-Control", IMAGE_CACHE_CONTROL],
        { key },
        { bucket: bucketName() },
      ]),
    );
    const expires = Date.parse(policy.expiration);
    expect(expires - before).toBeGreaterThan(290_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(300_000);

    const webp = await presign({ contentType: "image/webp", size: UPLOAD_MAX_BYTES });
    expect(webp.body.key).toMatch(/\.webp$/);
  });

  it("refuses other types (400) and sizes above 5 MB (413) when signing", async () => {
    for (const contentType of ["image/svg+xml", "text/html", "application/octet-stream", "", 5]) {
      expectClientError(await presign({ contentType, size: 10 }), 400);
    }
    for (const size of [0, -1, 1.5, "10", null])
      expectClientError(await presign({ contentType: "image/png", size }), 400);
    const missing = await presign({ size: 10 });
    expectClientError(missing, 400);
    expect(missing.body.message).toBe("contentType: contentType is required");
    const big = await presign({ contentType: "image/jpeg", size: UPLOAD_MAX_BYTES + 1 });
    expectClientError(big, 413);
    expect(big.body.message).toBe("The image must be at most 5 MB");
  });

  it("stores a multipart image under a server-chosen key and answers its secure_url", async () => {
    const res = await upload(multipart(PNG, "image/png", "file", "../../etc/passwd.png"));
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.body.secure_url).toBe(`/images/${res.body.id}/800.webp`);
    const key = `uploads/${res.body.id}.png`;
    const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
    expect(object.ContentType).toBe("image/png");
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.from(PNG))).toBe(true);
  });

  it("accepts each allowed type when the bytes agree", async () => {
    const samples: [string, number[]][] = [
      ["image/jpeg", JPEG_HEAD],
      ["image/gif", [...Buffer.from("GIF89a")]],
      ["image/webp", [...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBPVP8 ")]],
      ["image/avif", [0, 0, 0, 0x1c, ...Buffer.from("ftypavif")]],
    ];
    for (const [type, head] of samples) {
      const res = await upload(multipart(withHead(head, 64), type));
      expect(res.status, type).toBe(200);
      const key = `uploads/${res.body.id}.${type === "image/jpeg" ? "jpg" : type.slice("image/".length)}`;
      expect((await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }))).ContentType).toBe(
        type,
      );
    }
  });

  it("stores direct uploads with the same immutable Cache-Control as the presigned POST", async () => {
    const res = await upload(multipart(PNG, "image/png"));
    const key = `uploads/${res.body.id}.png`;
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    expect(head.CacheControl).toBe(IMAGE_CACHE_CONTROL);
  });

  it("accepts a direct upload of exactly 4 MB, a request that still fits the function URL after base64", async () => {
    const form = multipart(withHead([...PNG.slice(0, 8)], DIRECT_UPLOAD_MAX_BYTES), "image/png");
    const bodyBytes = (await new Response(form).arrayBuffer()).byteLength;
    expect(bodyBytes).toBeLessThanOrEqual(DIRECT_UPLOAD_BODY_LIMIT);
    // BUFFERED function URL: the whole event JSON (body base64-encoded) must stay within 6 MB.
    expect(4 * Math.ceil(DIRECT_UPLOAD_BODY_LIMIT / 3) + 64 * 1024).toBeLessThan(6_000_000);
    expect((await upload(form)).status).toBe(200);
  });

  it("refuses a direct upload above 4 MB with a 413 that points to the presigned path", async () => {
    const justOver = await upload(
      multipart(withHead([...PNG.slice(0, 8)], DIRECT_UPLOAD_MAX_BYTES + 1), "image/png"),
    );
    expectClientError(justOver, 413);
    expect(justOver.body.message).toBe(DIRECT_TOO_LARGE_MESSAGE);
    expect(justOver.body.message).toMatch(/4 MB.*\/api\/uploads\/presign/);
    // Above the body limit (a 5 MB image, fine for the presigned path): refused before it is read.
    const fiveMb = await upload(multipart(withHead([...PNG.slice(0, 8)], UPLOAD_MAX_BYTES), "image/png"));
    expectClientError(fiveMb, 413);
    expect(fiveMb.body.message).toBe(DIRECT_TOO_LARGE_MESSAGE);
    expectClientError(
      await upload(multipart(withHead([...PNG.slice(0, 8)], 7 * 1024 * 1024), "image/png")),
      413,
    );
  });

  it("refuses what is not an image, or not the image it claims to be, with 400", async () => {
    const text = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const cases: [FormData | string, RegExp][] = [
      [multipart(text, "image/png"), /^file: The file is not a valid PNG image$/],
      [multipart(text, "text/html"), /^file: Only JPEG, PNG, WebP, GIF or AVIF images/],
      [multipart(PNG, "image/svg+xml"), /^file: Only JPEG, PNG, WebP, GIF or AVIF images/],
      [multipart(PNG, "image/jpeg"), /^file: The file is not a valid JPG image$/],
      [multipart(new Uint8Array(0), "image/png"), /^file: The file is empty$/],
      [multipart(PNG, "image/png", "image"), /^file: an image file is required$/],
      ["not multipart at all", /^file: an image file is required$/],
    ];
    for (const [body, message] of cases) {
      const res = await upload(body);
      expectClientError(res, 400);
      expect(res.body.message).toMatch(message);
    }
    const broken = await api("/api/upload", {
      method: "POST",
      token: admin.token,
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated',
    });
    expectClientError(broken, 400);
  });

  it("is for admins only", async () => {
    expectClientError(await presign({ contentType: "image/png", size: 10 }, customer.token), 403);
    expectClientError(await upload(multipart(PNG, "image/png"), customer.token), 403);
    expectClientError(await api("/api/upload", { method: "POST", body: multipart(PNG, "image/png") }), 401);
  });
});
