import { asFunction } from "@fruit/core/access";
import { FRENCH_PREFIX, HOME_ORIGIN_PATH, isPrivatePath, type PageLocale } from "@fruit/core/browser/pages";
import { errorFields, log, PAGE_FAILED } from "@fruit/core/log";
import {
  type PageRequest,
  renderNotFound,
  renderPage,
  robotsTxt,
  sitemap,
  sitemapIndexPart,
} from "@fruit/core/pages";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { stream } from "hono/streaming";

/**
 * The public pages with their own head (docs/decisions/034-page-heads.md): `/`, `/products`,
 * `/product/{slug}`, `/about`, `/contact`, `/accessibility`, each also in French under `/fr`
 * (docs/decisions/052-language-by-url.md), and `/sitemap.xml`, `/robots.txt`. One app for the
 * cloud's page function (lambda/pages.ts, behind the router) and the local server
 * (packages/local/src/server.ts), handed the deployed index.html by `template`. Every client gets
 * the same answer: nothing reads the user agent, and absolute URLs come from configuration, never
 * from a client's `Host` (a cloud stage without a domain configures it from the CDN's forwarded host,
 * pages/public-url.ts).
 *
 * @example
 * const pages = createPagesApp({ template: async () => readFileSync("dist/index.html", "utf8") });
 * const res = await pages.request("/product/strawberry");
 */
export interface PagesOptions {
  /** The deployed build's index.html, whose hashed asset names the pages must keep. */
  template: () => Promise<string>;
  /** URLs per sitemap file (50,000 by the protocol; tests use fewer). */
  maxSitemapUrls?: number;
  /** How long a page may take before the plain app is answered instead (RENDER_BUDGET_MS). */
  renderBudgetMs?: number;
}

/**
 * At most 60 s between a change and the HTML the CDN serves: cached 30 s, then served stale for at
 * most 30 s more while one request renders it again (docs/decisions/034-page-heads.md). Browsers
 * revalidate every time. While the function cannot answer at all — throttled, crashed, timed out —
 * the CDN fails a page over to the site's index.html (stacks/router.ts) and keeps serving the last
 * good copy of what it does not fail over for a day (`stale-if-error`, docs/decisions/047-pages-survive-their-function.md).
 */
export const PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400";

/**
 * The plain app answered for a page that could not be rendered: cached a few seconds only, so the CDN
 * absorbs a burst during an outage and the page's own head is back soon after it ends.
 */
export const FALLBACK_CACHE_CONTROL = "public, max-age=0, s-maxage=5";

/**
 * A page that is not rendered within 4 s is answered with the plain app: well inside the function's
 * 10 s timeout (stacks/pages.ts), so a slow or unreachable DynamoDB never turns into Lambda's 502.
 */
export const RENDER_BUDGET_MS = 4_000;

class RenderTimeout extends Error {
  override name = "RenderTimeout";
}

/** `work`, or a RenderTimeout after `ms`. */
async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeout(`not rendered within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The SPA's French screens that are neither public pages nor private ones: the mails' links. */
const FRENCH_APP_PATHS = [`${FRENCH_PREFIX}/newsletter/`, `${FRENCH_PREFIX}/restock-alerts/`];

const SITEMAP_PART = /^products(?:-([0-9A-HJKMNP-TV-Z]{26}))?\.xml$/;

export function createPagesApp(options: PagesOptions): Hono {
  const app = new Hono();
  const maxUrls = options.maxSitemapUrls;
  const budget = options.renderBudgetMs ?? RENDER_BUDGET_MS;
  /** The last index.html read, for a page whose own read of it fails or hangs. */
  let lastTemplate: string | undefined;

  /**
   * A page, or — when its render throws (DynamoDB or S3 failing, throttled, a bug) or overruns the
   * budget — the plain index.html with 200: the SPA then renders the page from the API in the
   * shopper's browser. A shopper never gets a 5xx or a text error from here; only without any
   * index.html at all does it answer 503, and the CDN then fails over to the site's index.html or
   * serves its last good copy (`stale-if-error`). Each such page logs `page failed` (the PagesServerErrorsAlarm counts them).
   */
  const page = async (c: Context, request: PageRequest) => {
    // index.html is read while the page's data is (renderPage awaits it last).
    const template = options.template();
    let read: string | undefined;
    template.then(
      (text) => {
        read = text;
        lastTemplate = text;
      },
      () => {},
    );
    try {
      return html(c, await withinBudget(renderPage(template, request, c.req.path), budget));
    } catch (error) {
      const plain = read ?? lastTemplate;
      log("error", PAGE_FAILED, {
        method: c.req.method,
        path: c.req.path,
        answered: plain === undefined ? 503 : "plain app",
        ...errorFields(error),
      });
      if (plain === undefined) {
        c.header("Cache-Control", "no-store");
        c.header("Retry-After", "5");
        return c.text("Service Unavailable", 503);
      }
      c.header("Cache-Control", FALLBACK_CACHE_CONTROL);
      return c.html(plain, 200);
    }
  };
  const html = (c: Context, rendered: { status: 200 | 404; html: string; noindex: boolean }) => {
    c.header("Cache-Control", PAGE_CACHE_CONTROL);
    if (rendered.noindex) c.header("X-Robots-Tag", "noindex");
    return c.html(rendered.html, rendered.status);
  };
  const xml = (c: Context, build: (write: (chunk: string) => Promise<void>) => Promise<void>) => {
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", PAGE_CACHE_CONTROL);
    return stream(c, async (out) => {
      await build(async (chunk) => {
        await out.write(chunk);
      });
    });
  };

  // A sitemap of 50,000 URLs is about 5.5 MB of XML, close to the function URL's 6 MB answer; gzip
  // makes it a few hundred KB (docs/decisions/034-page-heads.md).
  // Every call a page makes is checked against the page function's grants where they are enforced
  // (core's access/grants.ts; docs/decisions/036-permissions-enforced-locally.md).
  app.use((_c, next) => asFunction("Pages", next));
  app.use("/sitemap.xml", compress());
  app.use("/sitemaps/*", compress());

  app.get("/", (c) => page(c, { page: "home" }));
  app.get(HOME_ORIGIN_PATH, (c) => page(c, { page: "home" }));
  // Each page in both languages: English at the root, French under /fr (docs/decisions/052-language-by-url.md).
  for (const [prefix, locale] of [
    ["", "en"],
    [FRENCH_PREFIX, "fr-CA"],
  ] as const satisfies readonly (readonly [string, PageLocale])[]) {
    app.get(`${prefix}/products`, (c) =>
      page(c, { page: "catalogue", category: c.req.query("category"), q: c.req.query("q"), locale }),
    );
    app.get(`${prefix}/product/:slug`, (c) =>
      page(c, { page: "product", slug: c.req.param("slug"), locale }),
    );
    app.get(`${prefix}/about`, (c) => page(c, { page: "about", locale }));
    app.get(`${prefix}/contact`, (c) => page(c, { page: "contact", locale }));
    app.get(`${prefix}/accessibility`, (c) => page(c, { page: "accessibility", locale }));
  }
  app.get(FRENCH_PREFIX, (c) => page(c, { page: "home", locale: "fr-CA" }));
  app.get(`${FRENCH_PREFIX}/`, (c) => page(c, { page: "home", locale: "fr-CA" }));

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", PAGE_CACHE_CONTROL);
    return c.text(robotsTxt());
  });
  app.get("/sitemap.xml", (c) => xml(c, (write) => sitemap(write, { ...(maxUrls ? { maxUrls } : {}) })));
  app.get("/sitemaps/:file", async (c) => {
    const file = c.req.param("file");
    if (file === "pages.xml") return xml(c, (write) => sitemapIndexPart(write, { pages: true }));
    const part = SITEMAP_PART.exec(file);
    if (!part) return c.text("Not Found", 404);
    return xml(c, (write) =>
      sitemapIndexPart(write, { after: part[1] }, { ...(maxUrls ? { maxUrls } : {}) }),
    );
  });

  // The other screens under /fr — the cart, sign-in, checkout, orders, profile, the mail links, the
  // admin — are the SPA in French, noindex (the router sends every /fr path here: stacks/pages.ts).
  app.get(`${FRENCH_PREFIX}/*`, async (c, next) => {
    const path = c.req.path;
    if (!isPrivatePath(path) && !FRENCH_APP_PATHS.some((prefix) => path.startsWith(prefix))) return next();
    return page(c, { page: "private", locale: "fr-CA" });
  });

  // Deeper paths under a page's route (`/product/a/b`, `/products/x`): the SPA's not-found screen.
  app.get("*", async (c) => {
    const path = c.req.path;
    const locale: PageLocale = path.startsWith(`${FRENCH_PREFIX}/`) ? "fr-CA" : "en";
    return html(c, await renderNotFound(options.template(), path, locale));
  });
  app.onError((error, c) => {
    log("error", PAGE_FAILED, {
      method: c.req.method,
      path: c.req.path,
      status: 500,
      ...errorFields(error),
    });
    c.header("Cache-Control", "no-store");
    return c.text("Internal Server Error", 500);
  });
  return app;
}
