import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { IMAGE_CACHE_CONTROL } from "@fruit/core/browser/uploads";
import { securityHeaders } from "@fruit/core/http/security-headers";
import { errorFields, log } from "@fruit/core/log";
import { sniffImageType } from "@fruit/core/uploads";
import { bucketName, IMAGE_KEY_PREFIX, s3 } from "@fruit/core/uploads/s3";
import { app as api } from "@fruit/functions/api/index";
import { createPagesApp } from "@fruit/functions/pages/app";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { StartupError } from "./services.ts";
import { staticSite } from "./static-site.ts";

/** Enough leading bytes for every signature `sniffImageType` knows (AVIF's brand ends at byte 12). */
const SNIFF_BYTES = 16;

/**
 * Reads the first bytes of a stream and gives back a stream of the whole content, so a large image
 * is sniffed without being held in memory.
 */
async function peek(
  body: ReadableStream<Uint8Array>,
): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const seen: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES && !done) {
    const next = await reader.read();
    done = next.done;
    if (next.value) {
      seen.push(next.value);
      length += next.value.length;
    }
  }
  const head = new Uint8Array(length);
  let offset = 0;
  for (const chunk of seen) {
    head.set(chunk, offset);
    offset += chunk.length;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length > 0) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, body: rest };
}

/**
 * `/images/<rest>` → object `images/<rest>` of the bucket, as the router's bucket route does. The
 * content type comes from the object's own bytes, never from what the uploader declared: a known
 * image signature gets its image type, anything else is an `application/octet-stream` attachment,
 * and `nosniff` stops the browser from guessing — nothing in the bucket can run as a page here.
 */
async function serveImage(c: Context): Promise<Response> {
  let rest: string;
  try {
    rest = decodeURIComponent(c.req.path.slice("/images/".length));
  } catch {
    return c.text("Not Found", 404);
  }
  if (rest === "" || rest.split("/").some((part) => part === ".." || part === "."))
    return c.text("Not Found", 404);
  const ifNoneMatch = c.req.header("If-None-Match");
  try {
    const object = await s3().send(
      new GetObjectCommand({
        Bucket: bucketName(),
        Key: `${IMAGE_KEY_PREFIX}${rest}`,
        IfNoneMatch: ifNoneMatch,
      }),
    );
    const { head, body } = await peek(object.Body?.transformToWebStream() ?? new Blob([]).stream());
    const type = sniffImageType(head);
    const headers = new Headers({
      "Content-Type": type ?? "application/octet-stream",
      "Cache-Control": IMAGE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    });
    if (!type) headers.set("Content-Disposition", "attachment");
    if (object.ETag) headers.set("ETag", object.ETag);
    if (object.ContentLength !== undefined) headers.set("Content-Length", String(object.ContentLength));
    if (object.LastModified) headers.set("Last-Modified", object.LastModified.toUTCString());
    return new Response(body, { status: 200, headers });
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 304)
      return new Response(null, {
        status: 304,
        headers: { "Cache-Control": IMAGE_CACHE_CONTROL, "X-Content-Type-Options": "nosniff" },
      });
    if (status === 404 || (error as Error).name === "NoSuchKey") return c.text("Not Found", 404);
    throw error;
  }
}

/** The paths the page function answers in the cloud (stacks/pages.ts routes the same ones). */
const PAGE_PATHS = [
  "/",
  "/products",
  "/products/*",
  "/product/*",
  "/about",
  "/about/*",
  "/contact",
  "/contact/*",
  "/accessibility",
  "/accessibility/*",
  // Every French address: its pages, and the SPA's other screens in French (docs/decisions/052-language-by-url.md).
  "/fr",
  "/fr/*",
  "/sitemap.xml",
  "/sitemaps/*",
  "/robots.txt",
] as const;

/**
 * The whole shop on one origin, like the CDN: `/api/*` → the API app, `/images/*` → the bucket, and
 * (unless Vite serves the pages in dev mode) the built SPA with its fallback to `index.html`.
 *
 * @example
 * const shop = createShopApp({ webDist: "/repo/packages/web/dist" });
 * const res = await shop.request("/api/health");
 */
export function createShopApp(options: {
  webDist?: string;
  /**
   * Origins the browser POSTs images to besides the shop's own (the S3 emulator's), allowed by the
   * CSP's connect-src. Given by the caller, which knows where the emulator listens.
   */
  uploadOrigins?: readonly string[];
  /** URLs per sitemap file (tests use a few; default the protocol's 50,000). */
  maxSitemapUrls?: number;
  /**
   * Whether search engines may index the shop (config `site.indexing`); false: every answer carries
   * `X-Robots-Tag: noindex`. Unset: no such header (the pages still mark themselves).
   */
  searchIndexing?: () => boolean;
}): Hono {
  // The same headers as the router's in the cloud (core's http/security-headers.ts), computed once.
  const headers = Object.entries(securityHeaders({ uploadOrigins: options.uploadOrigins ?? [] }));
  const shop = new Hono();
  // First, so SPA, API, image, 404 and error answers all carry them. In `npm run dev` Vite answers the
  // pages itself (listenShop), without a CSP: its HMR client needs inline scripts and a websocket.
  shop.use("*", async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
    // A shop not meant for search says so on every answer, as the router's headers policy does
    // (stacks/router.ts; docs/decisions/034-page-heads.md).
    if (options.searchIndexing && !options.searchIndexing()) c.res.headers.set("X-Robots-Tag", "noindex");
  });
  shop.use("/api/*", compress());
  shop.all("/api", (c) => api.fetch(c.req.raw, c.env));
  shop.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  shop.get("/images/*", serveImage);
  if (options.webDist) {
    const site = staticSite(options.webDist);
    // The public pages with their own head, sitemap and robots.txt: the page function's app, rendered
    // on every request from the index.html on disk (docs/decisions/034-page-heads.md).
    const pages = createPagesApp({
      template: async () => {
        const html = await site.template();
        if (html === undefined) throw new Error("packages/web/dist/index.html is missing");
        return html;
      },
      ...(options.maxSitemapUrls ? { maxSitemapUrls: options.maxSitemapUrls } : {}),
    });
    const page = async (c: Context) =>
      (await site.template()) === undefined ? site(c) : pages.fetch(c.req.raw, c.env);
    for (const path of PAGE_PATHS) {
      shop.use(path, compress());
      shop.get(path, page);
    }
    shop.get("*", site);
    void site.warm();
  }
  shop.onError((error, c) => {
    log("error", "local server failed", { method: c.req.method, path: c.req.path, ...errorFields(error) });
    return c.text("Internal Server Error", 500);
  });
  return shop;
}

export interface ShopServer {
  server: Server;
  close(): Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * How much of a refused body the server still reads and discards after answering, and for how
 * long: enough for the rest of a refused upload (the direct upload's limit is about 4 MB), small
 * enough that a client cannot hold the connection open by sending forever.
 */
export const LINGER_BYTES = 16 * 1024 * 1024;
export const LINGER_MS = 5_000;

/**
 * An answer written before its request's body has fully arrived (a 413 for a refused body, a 401
 * that never needed it) closes the connection after it (`Connection: close`), so a keep-alive client
 * sends its next request on a new one. It closes *lingering*: until the client has sent the rest
 * of its body (at most LINGER_BYTES, for at most LINGER_MS), the server reads and discards it and
 * only then closes. Closing a socket with unread bytes makes the kernel send a reset, which a
 * client still sending its body sees as a broken connection ("fetch failed", ECONNRESET) instead
 * of the answer and its `{ message }`. When the whole body has arrived, keep-alive stays.
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = ((...args: Parameters<typeof writeHead>) => {
    if (!req.complete) {
      res.shouldKeepAlive = false;
      lingerUntilBodyRead(req);
    }
    return writeHead.apply(res, args);
  }) as typeof writeHead;
}

/**
 * Holds the close Node's HTTP server makes once the answer is written (`socket.destroySoon()`) until
 * the request's body has been read to its end, LINGER_BYTES more have been discarded, LINGER_MS have
 * passed, or the client went away — whichever comes first.
 */
function lingerUntilBodyRead(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  const destroySoon = socket.destroySoon;
  if (typeof destroySoon !== "function") return;
  let answered = false;
  let drained = false;
  let discarded = 0;
  const close = () => {
    socket.destroySoon = destroySoon;
    if (!socket.destroyed) destroySoon.call(socket);
  };
  const stop = () => {
    if (drained) return;
    drained = true;
    clearTimeout(timer);
    req.off("data", discard);
    if (answered) close();
  };
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) stop();
  };
  // Node calls this when the answer has been written and the connection is not kept alive.
  socket.destroySoon = () => {
    answered = true;
    if (drained) close();
  };
  const timer = setTimeout(stop, LINGER_MS);
  timer.unref();
  req.on("data", discard);
  req.once("end", stop);
  req.once("error", stop);
  socket.once("close", stop);
  req.resume();
}

/**
 * Listens on `host:port`. In dev mode `pages` returns a handler (Vite's middlewares, which attach
 * their HMR websocket to the server) that answers every request outside `/api` and `/images`.
 * A taken port is a one-line StartupError.
 */
export async function listenShop(options: {
  shop: Hono;
  host: string;
  port: number;
  pages?: (server: Server) => Promise<Listener>;
}): Promise<ShopServer> {
  const honoListener = getRequestListener(options.shop.fetch);
  let pages: Listener | undefined;
  const server = createServer((req, res) => {
    closeWhenBodyUnread(req, res);
    const path = req.url ?? "/";
    const ours =
      path === "/api" || path.startsWith("/api/") || path.startsWith("/api?") || path.startsWith("/images/");
    void (pages && !ours ? pages(req, res) : honoListener(req, res));
  });
  pages = await options.pages?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new StartupError(
              `Port ${options.port} is already in use; stop what uses it or start with PORT=<another port>.`,
            )
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
