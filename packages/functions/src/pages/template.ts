import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getConfig } from "@fruit/core/config";
import { s3 } from "@fruit/core/uploads/s3";

/**
 * The page function's template: `index.html` as the deploy uploaded it to the static site's bucket
 * (config `site.webBucket`), so a page never names asset files the deploy replaced
 * (docs/decisions/034-page-heads.md). Each render asks S3 whether it changed (`If-None-Match`, a 304
 * without a body when not); renders are rare, since the CDN keeps each page up to 60 s.
 */
let cached: { etag: string; html: string } | undefined;

export async function bucketTemplate(): Promise<string> {
  const bucket = getConfig().site.webBucket;
  if (!bucket) throw new Error("WEB_BUCKET is not set: the page function has no index.html to render");
  try {
    const object = await s3().send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: "index.html",
        ...(cached ? { IfNoneMatch: cached.etag } : {}),
      }),
    );
    const html = (await object.Body?.transformToString("utf-8")) ?? "";
    cached = { etag: object.ETag ?? "", html };
    return html;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 304 && cached) return cached.html;
    throw error;
  }
}
