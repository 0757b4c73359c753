import { GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { S3Event } from "aws-lambda";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createImageHandler } from "./images.ts";

/** A bucket in memory behind the two commands the function sends; records every write in order. */
function memoryBucket(objects: Map<string, Uint8Array>, options: { failGets?: boolean } = {}) {
  const writes: { key: string; contentType: string | undefined; cacheControl: string | undefined }[] = [];
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof GetObjectCommand) {
      if (options.failGets) throw Object.assign(new Error("SlowDown"), { name: "SlowDown" });
      const body = objects.get(command.input.Key as string);
      if (!body) throw Object.assign(new Error("NoSuchKey"), { name: "NoSuchKey" });
      return {
        ContentLength: body.length,
        Body: { transformToByteArray: async () => body, transformToWebStream: () => new ReadableStream() },
      };
    }
    if (command instanceof PutObjectCommand) {
      const { Key, Body, ContentType, CacheControl } = command.input;
      objects.set(Key as string, typeof Body === "string" ? Buffer.from(Body) : (Body as Uint8Array));
      writes.push({ key: Key as string, contentType: ContentType, cacheControl: CacheControl });
      return {};
    }
    throw new Error(`unexpected command ${(command as object).constructor.name}`);
  });
  return { client: { send } as unknown as S3Client, writes, send };
}

const event = (...keys: string[]): S3Event =>
  ({
    Records: keys.map((key) => ({
      eventName: "ObjectCreated:Put",
      s3: { bucket: { name: "images-bucket" }, object: { key, size: 1 } },
    })),
  }) as unknown as S3Event;

const json = (objects: Map<string, Uint8Array>, key: string) =>
  JSON.parse(Buffer.from(objects.get(key) as Uint8Array).toString("utf8"));

describe("image function", () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#e67e22" } })
      .jpeg()
      .toBuffer();
  });

  it("writes every variant of an upload under images/<stem>/, then its ready state", async () => {
    const objects = new Map<string, Uint8Array>([["uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg", jpeg]]);
    const bucket = memoryBucket(objects);
    await createImageHandler(() => bucket.client)(event("uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg"));
    const keys = bucket.writes.map((write) => write.key);
    expect(keys).toHaveLength(14);
    expect(keys.every((key) => key.startsWith("images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/"))).toBe(true);
    expect(keys.at(-1)).toBe("images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/state.json");
    expect(bucket.writes.find((write) => write.key.endsWith("/800.webp"))).toMatchObject({
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(json(objects, "images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/state.json")).toEqual({
      state: "ready",
      width: 900,
      height: 600,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });

  it("decodes the event's URL-encoded key", async () => {
    const objects = new Map<string, Uint8Array>([["uploads/seed/apple-2.jpg", jpeg]]);
    const bucket = memoryBucket(objects);
    await createImageHandler(() => bucket.client)(event("uploads/seed/apple%2D2.jpg"));
    expect(objects.has("images/seed/apple-2/160.avif")).toBe(true);
  });

  it("ignores a key whose stem could not be a URL path (a space, '..')", async () => {
    const bucket = memoryBucket(new Map([["uploads/red apple.jpg", jpeg]]));
    await createImageHandler(() => bucket.client)(event("uploads/red+apple.jpg", "uploads/a/../b.jpg"));
    expect(bucket.send).not.toHaveBeenCalled();
  });

  it("ignores its own output and anything outside uploads/", async () => {
    const bucket = memoryBucket(new Map());
    await createImageHandler(() => bucket.client)(
      event("images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/800.webp", "x.jpg"),
    );
    expect(bucket.send).not.toHaveBeenCalled();
  });

  it("records a refused upload as failed, without throwing (no retry loop)", async () => {
    const objects = new Map<string, Uint8Array>([
      ["uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AC.jpg", Buffer.from("not a jpeg")],
    ]);
    const bucket = memoryBucket(objects);
    await createImageHandler(() => bucket.client)(event("uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AC.jpg"));
    expect(bucket.writes.map((write) => write.key)).toEqual(["images/01JD3W6M3E1T5ZK0Q7Y8X9V2AC/state.json"]);
    expect(json(objects, "images/01JD3W6M3E1T5ZK0Q7Y8X9V2AC/state.json")).toEqual({
      state: "failed",
      message: "The file is not a JPEG, PNG, WebP, GIF or AVIF image",
    });
  });

  it("throws on a storage error, so Lambda retries the invocation", async () => {
    const bucket = memoryBucket(new Map(), { failGets: true });
    await expect(
      createImageHandler(() => bucket.client)(event("uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AD.png")),
    ).rejects.toThrow("SlowDown");
  });
});
