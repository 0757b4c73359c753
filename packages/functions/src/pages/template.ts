import { getConfig } from "@fruit/core/config";
import { readObject } from "@fruit/core/pages/bucket-read";

/**
 * The page function's template: `index.html` as the deploy uploaded it to the static site's bucket
 * (config `site.webBucket`), so a page never names asset files the deploy replaced
 * (docs/decisions/034-page-heads.md). Each render asks S3 whether it changed (`If-None-Match`, a 304
 * without a body when not); renders are rare, since the CDN keeps each page up to 60 s. The copy held
 * is the configured bucket's (a process pointed at another bucket asks that one afresh).
 */
let cached: { bucket: string; etag: string; html: string } | undefined;

export async function bucketTemplate(): Promise<string> {
  const bucket = getConfig().site.webBucket;
  if (!bucket) throw new Error("WEB_BUCKET is not set: the page function has no index.html to render");
  const held = cached?.bucket === bucket ? cached : undefined;
  const read = await readObject(bucket, "index.html", held ? { ifNoneMatch: held.etag } : {});
  if (read.found) {
    cached = { bucket, etag: read.etag, html: read.text };
    return read.text;
  }
  if (read.notModified && held) return held.html;
  throw new Error(`index.html is missing from the bucket ${bucket}`);
}
