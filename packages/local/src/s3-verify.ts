import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { getSigningKey, SignatureV4 } from "@smithy/signature-v4";

/**
 * The checks S3 applies to writes, for the local S3 gateway (`s3-gateway.ts`): a browser's presigned
 * POST must carry a valid SigV4 policy signature and satisfy every condition of its policy; every
 * other signed request must carry an `Authorization` header that re-signs to the same signature.
 * Failures are `S3Refusal`s with the code and status S3 answers (docs/decisions/008-local-s3-gateway.md).
 */

/** The secret pair the gateway and the app's S3 client share (random per run locally). */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** What a signature is checked against. */
export interface SigningContext {
  credentials: S3Credentials;
  region: string;
  now: Date;
}

/** A refused request: S3's error code, HTTP status and message. */
export class S3Refusal extends Error {
  override name = "S3Refusal";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** S3's XML error document for a refusal. */
export function s3ErrorXml(refusal: S3Refusal, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${escapeXml(
    refusal.message,
  )}</Message><RequestId>${requestId}</RequestId></Error>`;
}

/** SHA-256 / HMAC-SHA-256 from node:crypto in the shape `@smithy/signature-v4` expects. */
class NodeSha256 {
  #secret: Uint8Array | string | undefined;
  #hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#secret =
      secret === undefined || typeof secret === "string"
        ? secret
        : ArrayBuffer.isView(secret)
          ? new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength)
          : new Uint8Array(secret);
    this.#hash = this.#fresh();
  }
  #fresh(): Hash | Hmac {
    return this.#secret === undefined ? createHash("sha256") : createHmac("sha256", this.#secret);
  }
  update(data: Uint8Array | string): void {
    this.#hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest());
  }
  reset(): void {
    this.#hash = this.#fresh();
  }
}

/** Compares two signatures (hex strings) in constant time; false when the lengths differ. */
function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `yyyymmddThhmmssZ` → Date, or undefined. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? "");
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Checks a credential scope `<key id>/<yyyymmdd>/<region>/s3/aws4_request` against the gateway's
 * key id and region and the request's date; returns the scope's date.
 */
function checkScope(credential: string, amzDate: string, context: SigningContext, malformed: string): string {
  const [keyId, date, region, service, terminal, ...rest] = credential.split("/");
  if (rest.length > 0 || !keyId || !date || !region || service !== "s3" || terminal !== "aws4_request")
    throw new S3Refusal(400, malformed, `The credential "${credential}" is malformed`);
  if (keyId !== context.credentials.accessKeyId)
    throw new S3Refusal(
      403,
      "InvalidAccessKeyId",
      "The AWS Access Key Id you provided does not exist in our records.",
    );
  if (region !== context.region)
    throw new S3Refusal(400, malformed, `The region '${region}' is wrong; expecting '${context.region}'`);
  if (date !== amzDate.slice(0, 8))
    throw new S3Refusal(400, malformed, "The credential's date does not match the request's date");
  return date;
}

// ---------------------------------------------------------------------------------------------
// Presigned POST (browser form upload)

/** The form of a browser POST as S3 reads it: the fields before the file, and the file's size. */
export interface PostForm {
  /** Field names lower-cased (S3 matches them without case); only the fields before `file`. */
  fields: ReadonlyMap<string, string>;
  fileSize: number;
}

/** Fields that never need a policy condition. */
const exemptFromPolicy = (name: string) =>
  name === "policy" || name === "x-amz-signature" || name === "file" || name.startsWith("x-ignore-");

type Condition =
  | { kind: "eq" | "starts-with"; field: string; value: string; text: string }
  | { kind: "content-length-range"; min: number; max: number; text: string };

const invalidPolicy = (why: string) => new S3Refusal(400, "InvalidPolicyDocument", `Invalid Policy: ${why}`);
const policyFailed = (why: string) =>
  new S3Refusal(403, "AccessDenied", `Invalid according to Policy: ${why}`);

/** Reads one policy condition in any of S3's three forms; anything else is an invalid policy. */
function readCondition(raw: unknown): Condition {
  const text = JSON.stringify(raw);
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    const entries = Object.entries(raw);
    const [field, value] = entries[0] ?? [];
    if (entries.length !== 1 || typeof value !== "string") throw invalidPolicy(`Invalid Condition ${text}`);
    return { kind: "eq", field: field!.toLowerCase(), value, text };
  }
  if (!Array.isArray(raw) || raw.length !== 3) throw invalidPolicy(`Invalid Condition ${text}`);
  const [op, first, second] = raw as unknown[];
  const operator = typeof op === "string" ? op.toLowerCase() : "";
  if (operator === "content-length-range") {
    const min = Number(first);
    const max = Number(second);
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min)
      throw invalidPolicy(`Invalid content-length-range ${text}`);
    return { kind: "content-length-range", min, max, text };
  }
  if (
    (operator === "eq" || operator === "starts-with") &&
    typeof first === "string" &&
    typeof second === "string"
  ) {
    if (!first.startsWith("$")) throw invalidPolicy(`Invalid Condition ${text}`);
    return { kind: operator, field: first.slice(1).toLowerCase(), value: second, text };
  }
  throw invalidPolicy(`Invalid Condition ${text}`);
}

/** Decodes the base64 policy document; an unreadable one is S3's InvalidPolicyDocument. */
function readPolicy(encoded: string): { expiration: Date; conditions: Condition[] } {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    throw invalidPolicy("Invalid JSON.");
  }
  const { expiration, conditions } = (document ?? {}) as { expiration?: unknown; conditions?: unknown };
  const expires = typeof expiration === "string" ? new Date(expiration) : undefined;
  if (!expires || Number.isNaN(expires.getTime()))
    throw invalidPolicy("Policy expiration must be an ISO 8601 date.");
  if (!Array.isArray(conditions)) throw invalidPolicy("Policy conditions must be an array.");
  return { expiration: expires, conditions: conditions.map(readCondition) };
}

/** The value a condition tests: the bucket of the request URL for `bucket`, else the form field. */
function conditionValue(field: string, form: PostForm, bucket: string): string | undefined {
  return field === "bucket" ? bucket : form.fields.get(field);
}

/** starts-with on Content-Type holds for each value of a comma-separated list, as S3 applies it. */
function startsWith(field: string, value: string | undefined, prefix: string): boolean {
  if (value === undefined) return prefix === "";
  const values = field === "content-type" ? value.split(",").map((part) => part.trim()) : [value];
  return values.every((part) => part.startsWith(prefix));
}

/**
 * Verifies a presigned POST the way S3 does before storing anything: SigV4 policy signature
 * (hex HMAC of the policy as sent, under the signing key of the credential's date, region and
 * "s3"), expiry, every condition (exact match, starts-with, content-length-range measured on the
 * file) and no form field that the policy does not name. Throws an S3Refusal.
 *
 * @example
 * await verifyPostPolicy({ fields, fileSize: 81234 }, "fruit-shop-images", { credentials, region, now: new Date() });
 */
export async function verifyPostPolicy(
  form: PostForm,
  bucket: string,
  context: SigningContext,
): Promise<void> {
  const field = (name: string) => form.fields.get(name);
  const policy = field("policy");
  if (policy === undefined)
    throw new S3Refusal(403, "AccessDenied", "Anonymous access is forbidden for this operation");
  if (field("x-amz-algorithm") !== "AWS4-HMAC-SHA256")
    throw new S3Refusal(
      400,
      "InvalidArgument",
      "Only the AWS4-HMAC-SHA256 algorithm is accepted (x-amz-algorithm)",
    );
  const credential = field("x-amz-credential");
  const amzDate = field("x-amz-date");
  const signature = field("x-amz-signature");
  if (credential === undefined || amzDate === undefined || signature === undefined)
    throw new S3Refusal(
      400,
      "InvalidArgument",
      "A signed POST needs x-amz-credential, x-amz-date and x-amz-signature",
    );
  if (!parseAmzDate(amzDate))
    throw new S3Refusal(
      400,
      "InvalidArgument",
      "x-amz-date must be in the ISO 8601 basic format yyyyMMdd'T'HHmmss'Z'",
    );
  const date = checkScope(credential, amzDate, context, "InvalidArgument");

  const signingKey = await getSigningKey(NodeSha256, context.credentials, date, context.region, "s3");
  const expected = createHmac("sha256", signingKey).update(policy, "utf8").digest("hex");
  if (!sameSignature(signature, expected))
    throw new S3Refusal(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );

  const { expiration, conditions } = readPolicy(policy);
  if (context.now.getTime() > expiration.getTime()) throw policyFailed("Policy expired.");
  if (field("key") === undefined)
    throw new S3Refusal(400, "InvalidArgument", "Bucket POST must contain a field named 'key'.");
  if (field("bucket") !== undefined && field("bucket") !== bucket)
    throw policyFailed(`Policy Condition failed: the form's bucket is not "${bucket}"`);

  const named = new Set<string>();
  for (const condition of conditions) {
    if (condition.kind === "content-length-range") {
      if (form.fileSize > condition.max)
        throw new S3Refusal(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size");
      if (form.fileSize < condition.min)
        throw new S3Refusal(
          400,
          "EntityTooSmall",
          "Your proposed upload is smaller than the minimum allowed size",
        );
      continue;
    }
    named.add(condition.field);
    const value = conditionValue(condition.field, form, bucket);
    const holds =
      condition.kind === "eq"
        ? value === condition.value
        : startsWith(condition.field, value, condition.value);
    if (!holds) throw policyFailed(`Policy Condition failed: ${condition.text}`);
  }
  const extra = [...form.fields.keys()].filter((name) => !exemptFromPolicy(name) && !named.has(name));
  if (extra.length > 0) throw policyFailed(`Extra input fields: ${extra.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------
// Authorization header (SDK requests: PUT, DELETE, multipart, bucket operations)

/** A request as it arrived: raw (still encoded) path and query, headers and the whole body. */
export interface SignedRequest {
  method: string;
  /** The path as sent, percent-encoded (S3 signs it without re-encoding). */
  path: string;
  /** The raw query string without `?`, possibly empty. */
  query: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
}

/** Requests more than 15 minutes away from the gateway's clock are refused, as S3 does. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

/** `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` → its three parts. */
function parseAuthorization(value: string): {
  credential: string;
  signedHeaders: string[];
  signature: string;
} {
  const malformed = (why: string) =>
    new S3Refusal(400, "AuthorizationHeaderMalformed", `The authorization header is malformed; ${why}`);
  const [algorithm, ...rest] = value.trim().split(/\s+/);
  if (algorithm !== "AWS4-HMAC-SHA256")
    throw new S3Refusal(400, "InvalidArgument", "Only AWS4-HMAC-SHA256 Authorization headers are accepted");
  const parts = new Map(
    rest
      .join("")
      .split(",")
      .map((part) => {
        const at = part.indexOf("=");
        return [part.slice(0, at), part.slice(at + 1)] as const;
      }),
  );
  const credential = parts.get("Credential");
  const signedHeaders = parts.get("SignedHeaders");
  const signature = parts.get("Signature");
  if (parts.size !== 3 || !credential || !signedHeaders || !signature)
    throw malformed("it requires three components: Credential, SignedHeaders, and Signature.");
  const names = signedHeaders.split(";");
  if (!names.includes("host")) throw malformed("the host header must be signed.");
  return { credential, signedHeaders: names, signature };
}

/** The query as `@smithy/signature-v4` takes it: decoded names and values, repeated names as arrays. */
function queryObject(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}

/**
 * Verifies a SigV4 `Authorization` header by signing the request again with the shared secret
 * (same signed headers, date, path, query and declared payload hash) and comparing the signatures
 * in constant time; also checks the clock skew and that the body matches `x-amz-content-sha256`.
 * Throws an S3Refusal.
 *
 * @example
 * await verifyAuthorization({ method: "PUT", path: "/bucket/images/a.png", query: "", headers, body }, context);
 */
export async function verifyAuthorization(request: SignedRequest, context: SigningContext): Promise<void> {
  const authorization = header(request.headers, "authorization");
  if (authorization === undefined)
    throw new S3Refusal(403, "AccessDenied", "Anonymous access is forbidden for this operation");
  const { credential, signedHeaders, signature } = parseAuthorization(authorization);
  const amzDate = header(request.headers, "x-amz-date");
  const signingDate = parseAmzDate(amzDate);
  if (!amzDate || !signingDate)
    throw new S3Refusal(403, "AccessDenied", "AWS authentication requires a valid x-amz-date header");
  checkScope(credential, amzDate, context, "AuthorizationHeaderMalformed");
  if (Math.abs(context.now.getTime() - signingDate.getTime()) > MAX_SKEW_MS)
    throw new S3Refusal(
      403,
      "RequestTimeTooSkewed",
      "The difference between the request time and the current time is too large.",
    );

  const payloadHash = header(request.headers, "x-amz-content-sha256");
  if (payloadHash === undefined)
    throw new S3Refusal(
      400,
      "InvalidRequest",
      "Missing required header for this request: x-amz-content-sha256",
    );
  if (payloadHash.startsWith("STREAMING-"))
    throw new S3Refusal(
      501,
      "NotImplemented",
      "The local S3 gateway does not accept aws-chunked (streaming) bodies",
    );
  if (payloadHash !== "UNSIGNED-PAYLOAD") {
    if (!/^[0-9a-f]{64}$/.test(payloadHash))
      throw new S3Refusal(
        400,
        "InvalidArgument",
        "x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 in hex",
      );
    if (createHash("sha256").update(request.body).digest("hex") !== payloadHash)
      throw new S3Refusal(
        400,
        "XAmzContentSHA256Mismatch",
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
  }

  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = header(request.headers, name);
    if (value !== undefined) headers[name] = value;
  }
  const signer = new SignatureV4({
    credentials: context.credentials,
    region: context.region,
    service: "s3",
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const host = header(request.headers, "host") ?? "";
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: "http:",
      hostname: host.replace(/:\d+$/, ""),
      path: request.path,
      query: queryObject(request.query),
      headers,
    },
    { signingDate, signableHeaders: new Set(signedHeaders) },
  );
  const expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization ?? ""))?.[1] ?? "";
  const expectedHeaders = /SignedHeaders=([^,]+)/.exec(String(signed.headers.authorization ?? ""))?.[1];
  if (expectedHeaders !== signedHeaders.join(";") || !sameSignature(signature, expected))
    throw new S3Refusal(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );
}
