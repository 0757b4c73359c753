import { request as httpRequest } from "node:http";
import { networkInterfaces } from "node:os";
import {
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import {
  DIRECT_TOO_LARGE_MESSAGE,
  IMAGE_CACHE_CONTROL,
  type ImageState,
  UPLOAD_MAX_BYTES,
} from "@fruit/core/browser/uploads";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { readImageState } from "@fruit/core/uploads/state";
import { createShopApp } from "@fruit/local/server";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The local object store refuses what S3 would refuse (packages/local/src/s3-gateway.ts,
 * docs/decisions/008-local-s3-gateway.md), and nothing in it is served as a page on the shop's
 * origin. Every request here goes over HTTP to the run's S3 gateway, as a browser's would.
 */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<!doctype html><script>alert(localStorage.getItem('token'))</script>");
/** PNG's signature followed by a page: sniffed as PNG, never as HTML. */
const PNG_WITH_HTML = Buffer.concat([PNG.subarray(0, 8), HTML]);

interface Presigned {
  url: string;
  fields: Record<string, string>;
  key: string;
  id: string;
  secure_url: string;
}

/** Waits until the image function has run on an upload (the gateway notifies it after the write). */
async function processed(id: string): Promise<ImageState> {
  const started = Date.now();
  for (;;) {
    const state = await readImageState(id);
    if (state.state !== "pending") return state;
    if (Date.now() - started > 30_000) throw new Error(`upload ${id} still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface S3Answer {
  status: number;
  code: string | undefined;
  text: string;
  headers: Headers;
}

/** POSTs a browser form (fields in order, then the file) to the object store. */
async function postForm(
  url: string,
  fields: [string, string][],
  file: { bytes: Uint8Array; type?: string; name?: string },
  headers: Record<string, string> = {},
): Promise<S3Answer> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append(
    "file",
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }),
    file.name ?? "upload.png",
  );
  const res = await fetch(url, { method: "POST", body: form, headers });
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1], text, headers: res.headers };
}

/** The presigned fields as `[name, value]` pairs, with some replaced, dropped or added. */
function edited(
  fields: Record<string, string>,
  changes: Record<string, string | null> = {},
): [string, string][] {
  const pairs: [string, string][] = Object.entries(fields)
    .filter(([name]) => changes[name] !== null)
    .map(([name, value]) => [name, changes[name] ?? value]);
  for (const [name, value] of Object.entries(changes))
    if (value !== null && !(name in fields)) pairs.push([name, value]);
  return pairs;
}

async function stored(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

describe("the local object store enforces what S3 enforces", () => {
  let admin: TestUser;
  let endpoint: string;
  const shop = createShopApp({});

  beforeAll(async () => {
    await useFreshTable("s3policy");
    admin = await createUser({ isAdmin: true });
    endpoint = inject("s3Endpoint");
  });

  const presign = async (contentType = "image/png", size = PNG.length): Promise<Presigned> => {
    const res = await api("/api/uploads/presign", {
      method: "POST",
      token: admin.token,
      body: { contentType, size },
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it("refuses an unsigned POST from a foreign origin and stores nothing", async () => {
    const res = await postForm(
      `${endpoint}/${bucketName()}`,
      [
        ["key", "images/drive-by.html"],
        ["Content-Type", "text/html"],
      ],
      { bytes: HTML, type: "text/html", name: "drive-by.html" },
      { Origin: "http://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(res.code).toBe("AccessDenied");
    expect(await stored("images/drive-by.html")).toBe(false);
    expect((await shop.request("/images/drive-by.html")).status).toBe(404);
  });

  it("answers a refusal with the bucket's CORS headers, as S3 does, so the admin's browser can read it", async () => {
    const presigned = await presign();
    const forged = edited(presigned.fields, { "X-Amz-Signature": "0".repeat(64) });
    const res = await postForm(presigned.url, forged, { bytes: PNG }, { Origin: "http://localhost:3000" });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    // Without an Origin (no browser's cross-origin request) there is nothing to add.
    const plain = await postForm(presigned.url, forged, { bytes: PNG });
    expect(plain.status).toBe(403);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("accepts the API's presigned POST; its variant is served nosniff and immutable, the upload never", async () => {
    const presigned = await presign();
    const res = await postForm(
      presigned.url,
      edited(presigned.fields),
      { bytes: PNG },
      {
        Origin: "http://localhost:3000",
      },
    );
    expect(res.status, res.text).toBe(204);
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: presigned.key }));
    expect(head.CacheControl).toBe(IMAGE_CACHE_CONTROL);
    // The upload itself is private: nothing maps a URL to `uploads/`.
    for (const path of [`/images/${presigned.id}.png`, `/${presigned.key}`, `/images/../${presigned.key}`])
      expect((await shop.request(path)).status, path).not.toBe(200);
    expect(await processed(presigned.id)).toMatchObject({ state: "ready", width: 1, height: 1 });
    const image = await shop.request(presigned.secure_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("cache-control")).toBe(IMAGE_CACHE_CONTROL);
  });

  it("refuses every tampered presigned POST and stores nothing", async () => {
    const cases: [string, (p: Presigned) => [string, string][], Uint8Array, number, string][] = [
      [
        "Content-Type changed to text/html",
        (p) => edited(p.fields, { "Content-Type": "text/html" }),
        HTML,
        403,
        "AccessDenied",
      ],
      ["a 6 MB body", (p) => edited(p.fields), Buffer.alloc(6 * 1024 * 1024, 1), 400, "EntityTooLarge"],
      [
        "another key than the signed one",
        (p) => edited(p.fields, { key: "images/other.png" }),
        PNG,
        403,
        "AccessDenied",
      ],
      [
        "Cache-Control changed",
        (p) => edited(p.fields, { "Cache-Control": "no-store" }),
        PNG,
        403,
        "AccessDenied",
      ],
      [
        "Cache-Control left out",
        (p) => edited(p.fields, { "Cache-Control": null }),
        PNG,
        403,
        "AccessDenied",
      ],
      ["no signature", (p) => edited(p.fields, { "X-Amz-Signature": null }), PNG, 400, "InvalidArgument"],
      [
        "a forged signature",
        (p) => edited(p.fields, { "X-Amz-Signature": "0".repeat(64) }),
        PNG,
        403,
        "SignatureDoesNotMatch",
      ],
      [
        "a policy rewritten to allow text/html",
        (p) => {
          const policy = Buffer.from(p.fields.Policy!, "base64")
            .toString("utf8")
            .replaceAll("image/png", "text/html");
          return edited(p.fields, {
            Policy: Buffer.from(policy).toString("base64"),
            "Content-Type": "text/html",
          });
        },
        HTML,
        403,
        "SignatureDoesNotMatch",
      ],
      [
        "an extra unlisted field",
        (p) => edited(p.fields, { "Content-Disposition": "inline" }),
        PNG,
        403,
        "AccessDenied",
      ],
      [
        "an unlisted metadata field",
        (p) => edited(p.fields, { "x-amz-meta-note": "hi" }),
        PNG,
        403,
        "AccessDenied",
      ],
      ["an empty file", (p) => edited(p.fields), new Uint8Array(0), 400, "EntityTooSmall"],
    ];
    for (const [what, fields, bytes, status, code] of cases) {
      const presigned = await presign();
      const res = await postForm(presigned.url, fields(presigned), { bytes });
      expect({ what, status: res.status, code: res.code }).toEqual({ what, status, code });
      expect(await stored(presigned.key), what).toBe(false);
      expect(await stored("images/other.png"), what).toBe(false);
    }
  });

  it("matches field names without case, as S3 does, and stores exactly what it verified", async () => {
    const presigned = await presign();
    const fields = Object.entries(presigned.fields).map(([name, value]): [string, string] => [
      name === "key" ? "KEY" : name === "Content-Type" ? "content-type" : name,
      value,
    ]);
    const res = await postForm(presigned.url, fields, { bytes: PNG, type: "text/html" });
    expect(res.status, res.text).toBe(204);
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: presigned.key }));
    expect(head.ContentType).toBe("image/png");
    expect(head.CacheControl).toBe(IMAGE_CACHE_CONTROL);
  });

  it("refuses a correctly signed policy once it has expired", async () => {
    // Signed with the run's secret by a client whose clock is 10 minutes behind: expired 5 minutes ago.
    const late = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: inject("s3Credentials"),
      systemClockOffset: -10 * 60 * 1000,
    });
    const key = "images/expired.png";
    const { url, fields } = await createPresignedPost(late, {
      Bucket: bucketName(),
      Key: key,
      Conditions: [["content-length-range", 1, UPLOAD_MAX_BYTES]],
      Expires: 300,
    });
    const res = await postForm(url, Object.entries(fields), { bytes: PNG });
    expect([res.status, res.code]).toEqual([403, "AccessDenied"]);
    expect(res.text).toContain("Policy expired");
    expect(await stored(key)).toBe(false);
  });

  it("serves an image with HTML inside as its sniffed image type, or as an attachment, never as a page", async () => {
    const presigned = await presign();
    const posted = await postForm(presigned.url, edited(presigned.fields), { bytes: PNG_WITH_HTML });
    expect(posted.status).toBe(204);
    // A PNG signature followed by HTML is no image: the function makes nothing of it to serve.
    expect(await processed(presigned.id)).toEqual({
      state: "failed",
      message: "The file is damaged or not an image",
    });
    const disguised = await shop.request(presigned.secure_url);
    expect(disguised.status).toBe(404);
    expect(disguised.headers.get("content-type")).not.toMatch(/html/);
    expect(disguised.headers.get("x-content-type-options")).toBe("nosniff");

    // Whatever a signed writer declared, bytes that are no image are not served as one (nor as HTML).
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: "images/page.png",
        Body: HTML,
        ContentType: "text/html",
      }),
    );
    const page = await shop.request("/images/page.png");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("application/octet-stream");
    expect(page.headers.get("content-disposition")).toBe("attachment");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");

    // Read straight from the store's own port, it is sandboxed and never sniffed either.
    const direct = await fetch(`${endpoint}/${bucketName()}/images/page.png`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("x-content-type-options")).toBe("nosniff");
    expect(direct.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
  });

  it("needs a valid SigV4 Authorization for every other write", async () => {
    const object = `${endpoint}/${bucketName()}/images/unsigned.html`;
    for (const [method, url] of [
      ["PUT", object],
      ["DELETE", `${endpoint}/${bucketName()}/images/anything.png`],
      ["POST", `${object}?uploads`],
      ["PUT", `${endpoint}/${bucketName()}?cors`],
      ["DELETE", `${endpoint}/${bucketName()}`],
      ["PUT", `${endpoint}/new-bucket-${Date.now()}`],
    ] as const) {
      const res = await fetch(url, { method, body: method === "DELETE" ? undefined : HTML });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 403 });
      expect(await res.text()).toContain("<Code>AccessDenied</Code>");
    }
    expect(await stored("images/unsigned.html")).toBe(false);

    const forger = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: inject("s3Credentials").accessKeyId, secretAccessKey: "S3RVER" },
    });
    for (const command of [
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: "images/forged.html",
        Body: HTML,
        ContentType: "text/html",
      }),
      new CreateMultipartUploadCommand({ Bucket: bucketName(), Key: "images/forged.html" }),
      new DeleteBucketCommand({ Bucket: bucketName() }),
    ]) {
      await expect(forger.send(command as never)).rejects.toMatchObject({
        name: "SignatureDoesNotMatch",
        $metadata: { httpStatusCode: 403 },
      });
    }
    const stranger = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await expect(
      stranger.send(new PutObjectCommand({ Bucket: bucketName(), Key: "images/forged.html", Body: HTML })),
    ).rejects.toMatchObject({ name: "InvalidAccessKeyId", $metadata: { httpStatusCode: 403 } });
    expect(await stored("images/forged.html")).toBe(false);
  });

  it("refuses a signed request whose body is not the one signed", async () => {
    // The app's own client signs a body hash; a body swapped on the way no longer matches it.
    const client = s3();
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: unknown };
        request.body = Buffer.alloc(PNG.length, 0x3c); // same length, other bytes
        return next(args);
      },
      { step: "finalizeRequest", name: "swapBodyAfterSigning", priority: "low" },
    );
    try {
      await expect(
        client.send(new PutObjectCommand({ Bucket: bucketName(), Key: "images/swapped.png", Body: PNG })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
    } finally {
      client.middlewareStack.remove("swapBodyAfterSigning");
    }
    expect(await stored("images/swapped.png")).toBe(false);
  });

  it("listens on loopback only", async () => {
    expect(new URL(endpoint).hostname).toBe("127.0.0.1");
    const port = Number(new URL(endpoint).port);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && address.family === "IPv4")
      .map((address) => address!.address);
    for (const host of others) {
      const outcome = await new Promise<string>((resolve) => {
        const req = httpRequest({ host, port, path: "/", timeout: 3000 }, (res) => {
          res.resume();
          resolve(`answered ${res.statusCode}`);
        });
        req.on("timeout", () => req.destroy(new Error("timeout")));
        req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end();
      });
      expect(outcome, host).not.toMatch(/^answered/);
    }
  });

  it("answers an oversized /api/upload with the API's own 413 message", async () => {
    const form = new FormData();
    const big = Buffer.alloc(UPLOAD_MAX_BYTES, 0);
    PNG.copy(big, 0, 0, 8);
    form.append("file", new File([new Uint8Array(big)], "big.png", { type: "image/png" }));
    const res = await api("/api/upload", { method: "POST", token: admin.token, body: form });
    expectClientError(res, 413);
    expect(res.body.message).toBe(DIRECT_TOO_LARGE_MESSAGE);
    expect(res.headers.get("connection")).toBe("close"); // its body was not read to the end
  });
});
