import { afterEach, describe, expect, it, vi } from "vitest";
import { postToBucket } from "./upload-image.ts";

/** Records what the uploader sends instead of sending it, and answers 204 like S3. */
class RecordingXhr {
  static sent: { method: string; url: string; form: FormData }[] = [];
  upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  #method = "";
  #url = "";
  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }
  send(form: FormData) {
    RecordingXhr.sent.push({ method: this.#method, url: this.#url, form });
    this.status = 204;
    queueMicrotask(() => this.onload?.());
  }
}

describe("postToBucket", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    RecordingXhr.sent = [];
  });

  it("sends every signed field as the API returned it (Cache-Control included), then the file last", async () => {
    vi.stubGlobal("XMLHttpRequest", RecordingXhr);
    const fields = {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=31536000, immutable",
      bucket: "fruit-shop-images",
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      key: "uploads/01ABC.png",
      Policy: "eyJleHBpcmF0aW9uIjoiIn0=",
      "X-Amz-Signature": "ab".repeat(32),
    };
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "a.png", { type: "image/png" });
    await postToBucket(
      {
        url: "http://127.0.0.1:4568/fruit-shop-images",
        fields,
        key: fields.key,
        id: "01ABC",
        secure_url: "/images/01ABC/800.webp",
      },
      file,
      () => {},
    );
    const [sent] = RecordingXhr.sent;
    expect(sent?.method).toBe("POST");
    expect(sent?.url).toBe("http://127.0.0.1:4568/fruit-shop-images");
    const entries = [...sent!.form.entries()];
    expect(entries.slice(0, -1)).toEqual(Object.entries(fields));
    const [name, sentFile] = entries.at(-1)!;
    expect(name).toBe("file");
    expect((sentFile as File).size).toBe(file.size);
  });
});
