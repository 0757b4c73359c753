import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import aws4 from "aws4";
import { checkS3 } from "../access/enforce.ts";
import { getConfig } from "../config.ts";
import { connection, signingCredentials } from "../db/connection.ts";

/**
 * One signed S3 GET over plain HTTP, for the page function's two small reads (the deployed
 * index.html and an image's state record: docs/decisions/034-page-heads.md). The AWS SDK's S3
 * client is about 300 KB of code to load on a cold start for them (tests/bench/README.md, the
 * `pages` group); this is SigV4 with `aws4`, as the storage layer's reads are (db/read-client.ts).
 * Locally it reads from the S3 emulator (path-style, its per-run keys), in the cloud from the
 * bucket's regional endpoint with the function's role.
 */
export type ObjectRead = { found: true; text: string; etag: string } | { found: false; notModified: boolean };

const TIMEOUT_MS = 5_000;
/** Kept-alive connections: a warm function reads without a new TLS handshake. */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

export async function readObject(
  bucket: string,
  key: string,
  { ifNoneMatch }: { ifNoneMatch?: string } = {},
) {
  const config = getConfig();
  // Held to the page function's grants where they are enforced, as the SDK's clients are
  // (access/enforce.ts): the site's index.html, or images' state records.
  checkS3("GetObject", { Bucket: bucket, Key: key }, bucket === config.site.webBucket ? "web" : "images");
  const local = config.s3Endpoint ? new URL(config.s3Endpoint) : undefined;
  const host = local ? local.host : `${bucket}.s3.${config.region}.amazonaws.com`;
  const path = `${local ? `/${bucket}` : ""}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const credentials = await signingCredentials({
    ...connection(config),
    credentials: local ? config.s3Credentials : config.awsCredentials,
  });
  const signed = aws4.sign(
    {
      host,
      path,
      method: "GET",
      service: "s3",
      region: config.region,
      headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {},
    },
    credentials,
  );
  const secure = local ? local.protocol === "https:" : true;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      {
        hostname: local ? local.hostname : host,
        port: local?.port || (secure ? 443 : 80),
        path,
        method: "GET",
        headers: signed.headers as Record<string, string>,
        agent: secure ? agents.https : agents.http,
      },
      resolve,
    );
    request.setTimeout(TIMEOUT_MS, () =>
      request.destroy(new Error(`S3 GET ${key}: no answer within ${TIMEOUT_MS} ms`)),
    );
    request.on("error", reject);
    request.end();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const status = response.statusCode ?? 0;
  if (status === 200)
    return {
      found: true,
      text: Buffer.concat(chunks).toString("utf8"),
      etag: String(response.headers.etag ?? ""),
    } satisfies ObjectRead;
  if (status === 304) return { found: false, notModified: true } satisfies ObjectRead;
  // Missing: 404 — or 403 where the function may read objects but not list the bucket (S3 then does
  // not say whether a key exists: stacks/permissions.ts).
  if (status === 404 || status === 403) return { found: false, notModified: false } satisfies ObjectRead;
  throw new Error(`S3 GET ${key} answered HTTP ${status}`);
}
