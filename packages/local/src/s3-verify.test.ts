import { createHash, createHmac } from "node:crypto";
import { getSigningKey, SignatureV4 } from "@smithy/signature-v4";
import { describe, expect, it } from "vitest";
import { type PostForm, S3Refusal, s3ErrorXml, verifyAuthorization, verifyPostPolicy } from "./s3-verify.ts";

const credentials = { accessKeyId: "LOCALTESTKEY0001", secretAccessKey: "test-secret-of-this-run" };
const region = "us-east-1";
const now = new Date("2026-11-24T10:00:00Z");
const context = { credentials, region, now };
const BUCKET = "shop-images";
const KEY = "images/01ABC.png";

class Sha256 {
  #hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key =
      secret === undefined || typeof secret === "string"
        ? secret
        : ArrayBuffer.isView(secret)
          ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength)
          : Buffer.from(secret);
    this.#hash = key === undefined ? createHash("sha256") : createHmac("sha256", key);
  }
  update(data: Uint8Array | string) {
    this.#hash.update(data);
  }
  async digest() {
    return new Uint8Array(this.#hash.digest());
  }
  reset() {}
}

/** Signs a policy document the way S3's browser-upload docs describe, independently of the verifier. */
async function signedForm(
  conditions: unknown[],
  fields: Record<string, string>,
  options: { expiration?: string; secret?: string; date?: string } = {},
): Promise<Map<string, string>> {
  const date = options.date ?? "20261124";
  const policy = Buffer.from(
    JSON.stringify({ expiration: options.expiration ?? "2026-11-24T10:05:00Z", conditions }),
  ).toString("base64");
  const key = await getSigningKey(
    Sha256,
    { ...credentials, secretAccessKey: options.secret ?? credentials.secretAccessKey },
    date,
    region,
    "s3",
  );
  const signature = createHmac("sha256", key).update(policy).digest("hex");
  return new Map(
    Object.entries({
      ...fields,
      policy,
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
      "x-amz-credential": `${credentials.accessKeyId}/${date}/${region}/s3/aws4_request`,
      "x-amz-date": `${date}T095900Z`,
      "x-amz-signature": signature,
    }),
  );
}

const standardConditions = [
  ["content-length-range", 1, 100],
  ["eq", "$Content-Type", "image/png"],
  ["eq", "$Cache-Control", "public, max-age=31536000, immutable"],
  { bucket: BUCKET },
  { key: KEY },
  { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
  { "x-amz-credential": `${credentials.accessKeyId}/20261124/${region}/s3/aws4_request` },
  { "x-amz-date": "20261124T095900Z" },
];
const standardFields = {
  key: KEY,
  "content-type": "image/png",
  "cache-control": "public, max-age=31536000, immutable",
  bucket: BUCKET,
};

async function refusal(form: PostForm): Promise<{ status: number; code: string; message: string }> {
  try {
    await verifyPostPolicy(form, BUCKET, context);
  } catch (error) {
    if (error instanceof S3Refusal) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("accepted");
}

const withField = (fields: Map<string, string>, name: string, value: string | undefined) => {
  const copy = new Map(fields);
  if (value === undefined) copy.delete(name);
  else copy.set(name, value);
  return copy;
};

describe("verifyPostPolicy", () => {
  it("accepts a form that satisfies its signed policy", async () => {
    const fields = await signedForm(standardConditions, standardFields);
    await expect(verifyPostPolicy({ fields, fileSize: 100 }, BUCKET, context)).resolves.toBeUndefined();
    const withIgnored = withField(fields, "x-ignore-note", "anything");
    await expect(
      verifyPostPolicy({ fields: withIgnored, fileSize: 1 }, BUCKET, context),
    ).resolves.toBeUndefined();
  });

  it("refuses an unsigned form, a forged or missing signature, an unknown key id and a wrong secret", async () => {
    const fields = await signedForm(standardConditions, standardFields);
    expect(await refusal({ fields: new Map(Object.entries(standardFields)), fileSize: 10 })).toMatchObject({
      status: 403,
      code: "AccessDenied",
    });
    const forged = withField(fields, "x-amz-signature", "f".repeat(64));
    expect(await refusal({ fields: forged, fileSize: 10 })).toMatchObject({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    expect(
      await refusal({ fields: withField(fields, "x-amz-signature", undefined), fileSize: 10 }),
    ).toMatchObject({
      status: 400,
      code: "InvalidArgument",
    });
    const otherSecret = await signedForm(standardConditions, standardFields, { secret: "S3RVER" });
    expect(await refusal({ fields: otherSecret, fileSize: 10 })).toMatchObject({
      code: "SignatureDoesNotMatch",
    });
    const stranger = withField(fields, "x-amz-credential", `S3RVER/20261124/${region}/s3/aws4_request`);
    expect(await refusal({ fields: stranger, fileSize: 10 })).toMatchObject({
      status: 403,
      code: "InvalidAccessKeyId",
    });
  });

  it("refuses a policy changed after signing", async () => {
    const fields = await signedForm(standardConditions, standardFields);
    const policy = JSON.parse(Buffer.from(fields.get("policy")!, "base64").toString());
    policy.conditions[0] = ["content-length-range", 1, 10_000_000];
    const changed = withField(fields, "policy", Buffer.from(JSON.stringify(policy)).toString("base64"));
    expect(await refusal({ fields: changed, fileSize: 1000 })).toMatchObject({
      code: "SignatureDoesNotMatch",
    });
  });

  it("refuses an expired policy", async () => {
    const fields = await signedForm(standardConditions, standardFields, {
      expiration: "2026-11-24T09:59:59Z",
    });
    expect(await refusal({ fields, fileSize: 10 })).toMatchObject({
      status: 403,
      code: "AccessDenied",
      message: "Invalid according to Policy: Policy expired.",
    });
  });

  it("measures content-length-range on the file", async () => {
    const fields = await signedForm(standardConditions, standardFields);
    expect(await refusal({ fields, fileSize: 101 })).toMatchObject({ status: 400, code: "EntityTooLarge" });
    expect(await refusal({ fields, fileSize: 0 })).toMatchObject({ status: 400, code: "EntityTooSmall" });
  });

  it("holds every exact-match condition: Content-Type, Cache-Control, key, bucket", async () => {
    const fields = await signedForm(standardConditions, standardFields);
    for (const [name, value] of [
      ["content-type", "text/html"],
      ["cache-control", "no-store"],
      ["key", "images/other.png"],
      ["bucket", "another-bucket"],
    ] as const) {
      expect(await refusal({ fields: withField(fields, name, value), fileSize: 10 }), name).toMatchObject({
        status: 403,
        code: "AccessDenied",
      });
    }
    expect(
      await refusal({ fields: withField(fields, "cache-control", undefined), fileSize: 10 }),
    ).toMatchObject({
      code: "AccessDenied",
    });
    // The URL's bucket is what the bucket condition tests, with or without a bucket field.
    await expect(
      verifyPostPolicy(
        { fields: withField(fields, "bucket", undefined), fileSize: 10 },
        "another-bucket",
        context,
      ),
    ).rejects.toMatchObject({ code: "AccessDenied" });
  });

  it("applies starts-with, to each value of a Content-Type list", async () => {
    const conditions = [
      ["starts-with", "$key", "images/"],
      ["starts-with", "$Content-Type", "image/"],
      { bucket: BUCKET },
      { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
      { "x-amz-credential": `${credentials.accessKeyId}/20261124/${region}/s3/aws4_request` },
      { "x-amz-date": "20261124T095900Z" },
    ];
    const fields = await signedForm(conditions, { key: "images/a.png", "content-type": "image/png" });
    await expect(verifyPostPolicy({ fields, fileSize: 10 }, BUCKET, context)).resolves.toBeUndefined();
    for (const [name, value] of [
      ["key", "pages/a.html"],
      ["content-type", "image/png, text/html"],
    ] as const) {
      expect(await refusal({ fields: withField(fields, name, value), fileSize: 10 }), value).toMatchObject({
        code: "AccessDenied",
      });
    }
  });

  it("refuses any form field the policy does not name", async () => {
    const fields = await signedForm(standardConditions, standardFields);
    for (const extra of ["content-disposition", "x-amz-meta-note", "success_action_redirect", "acl"]) {
      expect(await refusal({ fields: withField(fields, extra, "x"), fileSize: 10 }), extra).toMatchObject({
        status: 403,
        code: "AccessDenied",
        message: `Invalid according to Policy: Extra input fields: ${extra}`,
      });
    }
  });

  it("refuses a policy it cannot read", async () => {
    const fields = await signedForm([["no-such-operator", "$key", "x"], { key: KEY }], standardFields);
    expect(await refusal({ fields, fileSize: 10 })).toMatchObject({
      status: 400,
      code: "InvalidPolicyDocument",
    });
  });

  it("writes S3's XML error document, escaped", () => {
    const xml = s3ErrorXml(new S3Refusal(403, "AccessDenied", `a <b> & "c"`), "req-1");
    expect(xml).toContain("<Code>AccessDenied</Code>");
    expect(xml).toContain("<Message>a &#60;b&#62; &#38; &#34;c&#34;</Message>");
  });
});

describe("verifyAuthorization", () => {
  const body = new TextEncoder().encode("hello");
  const bodyHash = createHash("sha256").update(body).digest("hex");

  /** Signs a PUT the way the AWS SDK does (path not re-encoded, payload hash in a header). */
  async function signedPut(secret = credentials.secretAccessKey, at = now) {
    const signer = new SignatureV4({
      credentials: { ...credentials, secretAccessKey: secret },
      region,
      service: "s3",
      sha256: Sha256,
      uriEscapePath: false,
    });
    const signed = await signer.sign(
      {
        method: "PUT",
        protocol: "http:",
        hostname: "127.0.0.1",
        port: 4568,
        path: "/shop-images/images/a%20b.png",
        query: { "x-id": "PutObject" },
        headers: { host: "127.0.0.1:4568", "content-type": "image/png", "x-amz-content-sha256": bodyHash },
        body,
      },
      { signingDate: at },
    );
    const headers = Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), v]));
    return { method: "PUT", path: "/shop-images/images/a%20b.png", query: "x-id=PutObject", headers, body };
  }

  it("accepts a request signed with the run's secret", async () => {
    await expect(verifyAuthorization(await signedPut(), context)).resolves.toBeUndefined();
  });

  it("refuses a missing, forged or stale signature, a changed request and a changed body", async () => {
    const good = await signedPut();
    const cases: [string, Parameters<typeof verifyAuthorization>[0], string][] = [
      [
        "no Authorization",
        { ...good, headers: { ...good.headers, authorization: undefined } },
        "AccessDenied",
      ],
      ["another secret", await signedPut("S3RVER"), "SignatureDoesNotMatch"],
      ["another path", { ...good, path: "/shop-images/images/evil.html" }, "SignatureDoesNotMatch"],
      ["another query", { ...good, query: "x-id=PutObject&acl=" }, "SignatureDoesNotMatch"],
      [
        "another signed header",
        { ...good, headers: { ...good.headers, "content-type": "text/html" } },
        "SignatureDoesNotMatch",
      ],
      ["another body", { ...good, body: new TextEncoder().encode("HELLO") }, "XAmzContentSHA256Mismatch"],
      [
        "15 minutes late",
        await signedPut(undefined, new Date(now.getTime() - 16 * 60 * 1000)),
        "RequestTimeTooSkewed",
      ],
    ];
    for (const [what, request, code] of cases) {
      await expect(verifyAuthorization(request, context), what).rejects.toMatchObject({ code });
    }
  });
});
