import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { errorFields, log } from "@fruit/core/log";
import busboy from "busboy";
import {
  type PostForm,
  type S3Credentials,
  S3Refusal,
  s3ErrorXml,
  verifyAuthorization,
  verifyPostPolicy,
} from "./s3-verify.ts";

/**
 * The local object store's only door: a loopback HTTP server in front of s3rver (mounted through its
 * `callback()`, so s3rver itself listens nowhere). Reads pass; a write reaches s3rver only when S3
 * would accept it — a presigned POST whose policy holds, or a request with a valid SigV4
 * `Authorization` — otherwise the answer is S3's XML error (docs/decisions/008-local-s3-gateway.md).
 */

/** The largest request body the gateway reads (uploads are at most a few MB; S3 itself allows more). */
export const GATEWAY_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** S3 refuses a POST whose fields before the file exceed 20 KB. */
const MAX_POST_PRE_DATA_BYTES = 20 * 1024;

/** Form fields passed on to s3rver, which stores them as the object's headers and metadata. */
const FORWARDED_FIELDS = new Set([
  "key",
  "cache-control",
  "content-type",
  "content-disposition",
  "content-encoding",
  "content-language",
  "expires",
  "success_action_status",
  "success_action_redirect",
]);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** On every answer of the store: no type guessing, and a document opened from it is sandboxed. */
const STORE_ANSWER_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'",
};

/** A random key pair for one run: s3rver's built-in pair is public, so it proves nothing. */
export function randomS3Credentials(): S3Credentials {
  return {
    accessKeyId: `LOCAL${randomBytes(10).toString("hex").toUpperCase().slice(0, 15)}`,
    secretAccessKey: randomBytes(30).toString("base64url"),
  };
}

const isRead = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/** Reads the whole body, refusing one above the gateway's limit without reading it all. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  const tooLarge = () =>
    new S3Refusal(
      400,
      "EntityTooLarge",
      `Your proposed upload exceeds the maximum allowed size (${GATEWAY_MAX_BODY_BYTES} bytes)`,
    );
  if (declared > GATEWAY_MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > GATEWAY_MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A parsed browser POST: the fields before the file (names lower-cased) and the file itself. */
interface ParsedPost extends PostForm {
  file: Buffer;
}

/** Parses a multipart/form-data body as S3 reads a POST: fields until `file`, the rest ignored. */
function parsePost(headers: IncomingMessage["headers"], body: Buffer): Promise<ParsedPost> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        limits: {
          fields: 100,
          parts: 102,
          fieldSize: GATEWAY_MAX_BODY_BYTES,
          fileSize: GATEWAY_MAX_BODY_BYTES,
        },
      });
    } catch {
      reject(
        new S3Refusal(
          412,
          "PreconditionFailed",
          "Bucket POST must be of the enclosure-type multipart/form-data",
        ),
      );
      return;
    }
    const fields = new Map<string, string>();
    let preData = 0;
    let file: Buffer | undefined;
    let refusal: S3Refusal | undefined;
    const refuse = (error: S3Refusal) => {
      refusal ??= error;
    };
    const addField = (rawName: string, value: string) => {
      if (file !== undefined || refusal) return; // S3 ignores every field after the file
      const name = rawName.toLowerCase();
      if (name === "file") {
        file = Buffer.from(value, "utf8");
        return;
      }
      preData += Buffer.byteLength(rawName) + Buffer.byteLength(value);
      if (preData > MAX_POST_PRE_DATA_BYTES)
        return refuse(
          new S3Refusal(
            400,
            "MaxPostPreDataLengthExceeded",
            "Your POST request fields preceding the upload file were too large.",
          ),
        );
      if (fields.has(name))
        return refuse(
          new S3Refusal(400, "InvalidArgument", `The form field "${rawName}" appears more than once.`),
        );
      fields.set(name, value);
    };
    parser.on("field", addField);
    parser.on("file", (name, stream) => {
      if (file !== undefined || refusal || name.toLowerCase() !== "file") {
        if (file === undefined && !refusal)
          refuse(
            new S3Refusal(
              400,
              "InvalidArgument",
              `Only the field named "file" may carry a file (got "${name}").`,
            ),
          );
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on("error", () =>
      reject(
        new S3Refusal(
          400,
          "MalformedPOSTRequest",
          "The body of your POST request is not well-formed multipart/form-data.",
        ),
      ),
    );
    parser.on("close", () => {
      if (refusal) return reject(refusal);
      if (file === undefined)
        return reject(
          new S3Refusal(400, "InvalidArgument", "POST requires exactly one file upload per request."),
        );
      resolve({ fields, fileSize: file.length, file });
    });
    parser.end(body);
  });
}

/** The multipart form s3rver gets: only the verified fields it stores, then the file. */
async function rebuiltForm(post: ParsedPost): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of post.fields) {
    if (FORWARDED_FIELDS.has(name) || name.startsWith("x-amz-meta-")) form.append(name, value);
  }
  form.append("file", new Blob([new Uint8Array(post.file)], { type: "application/octet-stream" }), "file");
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") ?? "multipart/form-data",
  };
}

/** The request s3rver sees: the same method, path and socket, the given headers and body. */
function replay(
  req: IncomingMessage,
  url: string,
  headers: IncomingMessage["headers"],
  body: Buffer,
): IncomingMessage {
  const copy = new PassThrough();
  copy.end(body);
  return Object.assign(copy, {
    method: req.method,
    url,
    headers: { ...headers, "content-length": String(body.length) },
    rawHeaders: [],
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
    complete: true,
  }) as unknown as IncomingMessage;
}

/** Auth in the query string (presigned URLs) is verified by nobody here: such writes are refused. */
const QUERY_AUTH = [
  "x-amz-algorithm",
  "x-amz-credential",
  "x-amz-signature",
  "x-amz-date",
  "x-amz-expires",
  "x-amz-signedheaders",
  "x-amz-security-token",
  "signature",
  "awsaccesskeyid",
  "expires",
];

/** The query without signature parameters (s3rver would look their key id up in its own registry). */
function withoutQueryAuth(url: URL): { url: string; hadAuth: boolean } {
  let hadAuth = false;
  for (const name of [...url.searchParams.keys()]) {
    if (QUERY_AUTH.includes(name.toLowerCase())) {
      url.searchParams.delete(name);
      hadAuth = true;
    }
  }
  return { url: `${url.pathname}${url.search}`, hadAuth };
}

/** `/<bucket>` (path-style, no key, no sub-resource query): where a browser form POSTs. */
const isFormPost = (method: string, url: URL) =>
  method === "POST" && url.search === "" && /^\/[^/]+\/?$/.test(url.pathname);

function refuseWith(
  res: ServerResponse,
  refusal: S3Refusal,
  close: boolean,
  cors: Record<string, string>,
): void {
  const body = s3ErrorXml(refusal, randomUUID());
  res.writeHead(refusal.status, {
    "Content-Type": "application/xml",
    "Content-Length": Buffer.byteLength(body),
    ...STORE_ANSWER_HEADERS,
    ...cors,
    ...(close ? { Connection: "close" } : {}),
  });
  res.end(body);
}

/**
 * The CORS headers S3 adds to an answer (refusals included) when a rule of the bucket's CORS
 * configuration matches the request's origin and method; empty when none does.
 */
export type CorsLookup = (bucket: string, origin: string, method: string) => Promise<Record<string, string>>;

/** The bucket of a path-style URL (`/<bucket>/...`), if it has one. */
function bucketOf(url: URL): string | undefined {
  const first = url.pathname.split("/")[1];
  if (!first) return undefined;
  try {
    return decodeURIComponent(first);
  } catch {
    return undefined;
  }
}

/**
 * A PUT that stores an object (PutObject, CopyObject): no sub-resource in the query (`?acl`,
 * `?tagging`, a multipart part's `?uploadId`), only the SDK's own `x-id` marker.
 */
const isObjectWrite = (url: URL) =>
  [...url.searchParams.keys()].every((name) => name === "x-id") &&
  ["PutObject", "CopyObject", null].includes(url.searchParams.get("x-id"));

/** The bucket and key of a path-style object URL (`/<bucket>/<key>`), if it names an object. */
function objectOf(url: URL): { bucket: string; key: string } | undefined {
  const match = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (!match) return undefined;
  try {
    return { bucket: decodeURIComponent(match[1] as string), key: decodeURIComponent(match[2] as string) };
  } catch {
    return undefined;
  }
}

/**
 * The gateway's request handler: verifies, then hands the request (reads as they are, writes
 * re-built from what was verified) to `s3rver` (its Koa `callback()`).
 */
export function gatewayHandler(options: {
  s3rver: Handler;
  credentials: S3Credentials;
  region: string;
  /** So a browser can read a refusal, as from S3; without it refusals carry no CORS headers. */
  cors?: CorsLookup;
  /** Told of every object stored (a 2xx answer to a PUT or a form POST), as S3's notifications are. */
  objectCreated?: (bucket: string, key: string, size: number, eventName: "Put" | "Post" | "Copy") => void;
}): Handler {
  /** Calls `objectCreated` once s3rver has answered the write with a 2xx. */
  const whenStored = (
    res: ServerResponse,
    bucket: string | undefined,
    key: string | undefined,
    size: number,
    eventName: "Put" | "Post" | "Copy",
  ) => {
    if (!options.objectCreated || !bucket || !key) return;
    const notify = options.objectCreated;
    res.once("finish", () => {
      if (res.statusCode >= 200 && res.statusCode < 300) notify(bucket, key, size, eventName);
    });
  };
  const context = () => ({ credentials: options.credentials, region: options.region, now: new Date() });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? "GET").toUpperCase();
    const rawUrl = req.url ?? "/";
    const url = new URL(rawUrl, "http://gateway.invalid");
    const { url: forwardUrl, hadAuth: queryAuth } = withoutQueryAuth(new URL(url));
    const body = await readBody(req);
    const headers = { ...req.headers };
    delete headers.authorization;
    delete headers["transfer-encoding"];
    // Objects read straight from the store never run as a page on its origin either.
    for (const [name, value] of Object.entries(STORE_ANSWER_HEADERS)) res.setHeader(name, value);

    if (req.headers.authorization !== undefined) {
      const at = rawUrl.indexOf("?");
      await verifyAuthorization(
        {
          method,
          path: at < 0 ? rawUrl : rawUrl.slice(0, at),
          query: at < 0 ? "" : rawUrl.slice(at + 1),
          headers: req.headers,
          body,
        },
        context(),
      );
      const object = method === "PUT" && isObjectWrite(url) ? objectOf(url) : undefined;
      if (object)
        whenStored(
          res,
          object.bucket,
          object.key,
          body.length,
          req.headers["x-amz-copy-source"] ? "Copy" : "Put",
        );
      return options.s3rver(replay(req, forwardUrl, headers, body), res);
    }
    if (isRead(method)) return options.s3rver(replay(req, forwardUrl, headers, body), res);
    if (queryAuth)
      throw new S3Refusal(
        403,
        "AccessDenied",
        "Query-string (presigned URL) writes are not accepted by the local S3 gateway",
      );
    if (isFormPost(method, url)) {
      if (
        !String(req.headers["content-type"] ?? "")
          .toLowerCase()
          .startsWith("multipart/form-data")
      )
        throw new S3Refusal(
          412,
          "PreconditionFailed",
          "Bucket POST must be of the enclosure-type multipart/form-data",
        );
      let bucket: string;
      try {
        bucket = decodeURIComponent(url.pathname.replace(/^\/|\/$/g, ""));
      } catch {
        throw new S3Refusal(400, "InvalidURI", "Couldn't parse the specified URI.");
      }
      const post = await parsePost(req.headers, body);
      await verifyPostPolicy(post, bucket, context());
      const form = await rebuiltForm(post);
      whenStored(res, bucket, post.fields.get("key"), post.file.length, "Post");
      return options.s3rver(
        replay(req, forwardUrl, { ...headers, "content-type": form.contentType }, form.body),
        res,
      );
    }
    throw new S3Refusal(403, "AccessDenied", "Anonymous access is forbidden for this operation");
  };
  const corsFor = async (req: IncomingMessage): Promise<Record<string, string>> => {
    const origin = req.headers.origin;
    const bucket = bucketOf(new URL(req.url ?? "/", "http://gateway.invalid"));
    if (!options.cors || !origin || !bucket) return {};
    return options.cors(bucket, origin, req.method ?? "GET").catch(() => ({}));
  };
  return (req, res) => {
    handle(req, res).catch(async (error: unknown) => {
      // A client that went away mid-request, or an answer already under way: nothing left to say.
      if (res.headersSent || req.socket.destroyed || (error as Error).message === "aborted")
        return res.destroy();
      const refusal =
        error instanceof S3Refusal
          ? error
          : new S3Refusal(500, "InternalError", "We encountered an internal error. Please try again.");
      if (!(error instanceof S3Refusal))
        log("error", "S3 gateway failed", { path: req.url, ...errorFields(error) });
      // A refused body may not have been read to its end: close, so the client's next request is clean.
      refuseWith(res, refusal, !req.complete, await corsFor(req));
    });
  };
}

/** Listens on `127.0.0.1:port` (0 = any free port) with the gateway in front of `s3rver`. */
export async function listenGateway(
  handler: Handler,
  port: number,
): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { server, port: (server.address() as { port: number }).port };
}
