import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { Context } from "hono";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

/** The content type of a file name, by extension; binary when unknown. */
export const contentTypeOf = (path: string): string =>
  CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";

/** Text compresses well; images and fonts are already compressed. */
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".webmanifest",
  ".txt",
  ".xml",
  ".svg",
  ".ico",
]);
const MIN_COMPRESS_BYTES = 1024;

/** Vite names everything under /assets by content hash, so it may be cached for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html must be revalidated, or a new deploy's asset names would never be seen. */
const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
}

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Fruit shop: web app not built</title>
<p>The web app is not built: <code>packages/web/dist/index.html</code> is missing.
Run <code>npm run build</code> (or <code>npm run dev</code>) and reload. The API is up at <a href="/api/health">/api/health</a>.</p>`;

/**
 * Serves the built SPA like the CDN does: files of `distDir` with compression (brotli or gzip, by
 * `Accept-Encoding`), ETags and cache headers, and `index.html` for every other page path so client
 * routes such as `/products` or `/admin/orders` load the app. Files are read once and kept in memory
 * until they change on disk (the dist folder is a few hundred KB); `warm()` compresses them all
 * ahead of the first visit.
 *
 * @example
 * const site = staticSite("/repo/packages/web/dist");
 * root.get("*", site);
 * void site.warm();
 */
export function staticSite(distDir: string) {
  const root = resolve(distDir);
  const cache = new Map<string, Promise<CachedFile>>();

  /** Reads and compresses a file once (in zlib's thread pool, so requests keep flowing meanwhile). */
  async function compressFile(file: string, stats: { mtimeMs: number; size: number }): Promise<CachedFile> {
    const body = readFileSync(file);
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const entry: CachedFile = { mtimeMs: stats.mtimeMs, size: stats.size, body, etag };
    if (COMPRESSIBLE.has(extname(file).toLowerCase()) && body.length >= MIN_COMPRESS_BYTES) {
      [entry.gzip, entry.br] = await Promise.all([
        gzipAsync(body, { level: 9 }),
        brotli(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      ]);
    }
    return entry;
  }

  async function load(file: string): Promise<CachedFile | undefined> {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(file);
    } catch {
      return undefined;
    }
    if (!stats.isFile()) return undefined;
    const cached = await cache.get(file)?.catch(() => undefined);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const loading = compressFile(file, stats);
    cache.set(file, loading);
    return loading;
  }

  /** The file a URL path names, or undefined when it would leave the dist folder. */
  function fileFor(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    const file = resolve(root, `.${decoded}`);
    return file === root || file.startsWith(root + sep) ? file : undefined;
  }

  function respond(c: Context, file: string, entry: CachedFile, cacheControl: string): Response {
    const headers = new Headers({
      "Content-Type": contentTypeOf(file),
      "Cache-Control": cacheControl,
      ETag: entry.etag,
    });
    if (entry.gzip) headers.set("Vary", "Accept-Encoding");
    if (c.req.header("If-None-Match") === entry.etag) return new Response(null, { status: 304, headers });
    const accepted = c.req.header("Accept-Encoding") ?? "";
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accepted)) {
      body = entry.br;
      headers.set("Content-Encoding", "br");
    } else if (entry.gzip && /\bgzip\b/.test(accepted)) {
      body = entry.gzip;
      headers.set("Content-Encoding", "gzip");
    }
    headers.set("Content-Length", String(body.length));
    return new Response(new Uint8Array(body), { status: 200, headers });
  }

  const serve = async (c: Context): Promise<Response> => {
    const path = c.req.path;
    const file = path.endsWith("/") ? undefined : fileFor(path);
    const entry = file ? await load(file) : undefined;
    if (file && entry) return respond(c, file, entry, path.startsWith("/assets/") ? IMMUTABLE : SHORT);

    // A missing file with an extension (a stale asset, a typo) is a real 404, unless a browser
    // navigates to it; every other path is a client route of the SPA.
    const wantsPage = (c.req.header("Accept") ?? "").includes("text/html");
    if (extname(path) !== "" && !wantsPage) return c.text("Not Found", 404);
    const indexFile = join(root, "index.html");
    const index = await load(indexFile);
    if (!index) return c.html(NOT_BUILT_PAGE, 503);
    return respond(c, indexFile, index, REVALIDATE);
  };

  /** Compresses every file ahead of the first visit (brotli at its best quality takes a while). */
  async function warm(): Promise<void> {
    for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) await load(join(entry.parentPath, entry.name));
    }
  }

  /** The built index.html as it is on disk now (the pages' template), or undefined when not built. */
  async function template(): Promise<string | undefined> {
    return (await load(join(root, "index.html")))?.body.toString("utf8");
  }

  return Object.assign(serve, { warm: () => warm().catch(() => {}), template });
}
