import { STOREFRONT_PAGE_SIZE } from "../products/catalogue.constants.ts";

/**
 * The one inline script of the SPA's index.html (docs/decisions/011-security-headers.md). It runs
 * first thing in <head> and starts, all at once, what a storefront screen would otherwise request
 * one after the other: the screen's chunks and CSS, its public catalogue reads (left in
 * `window.__early` for packages/web/src/lib/early-fetch.ts) and the home page's first banner.
 *
 * Its text never depends on the build: what changes per build (each screen's chunk files) is read
 * from the JSON data block `<script type="application/json" id="storefront-boot">` that
 * packages/web/vite.config.ts writes just before it. So the Content-Security-Policy can allow exactly
 * this script by its hash (security-headers.ts), computed from this same string.
 *
 * The reads are public catalogue reads, whose answers do not depend on who asks, so the script does
 * not read the session from localStorage (its first read is slow on a phone). A screen's largest
 * picture comes from those answers (the product's, or the first cards' — ProductGrid's eager row),
 * so preloading it from here overlaps its download with the app's code.
 *
 * A French page (`/fr/...`, docs/decisions/052-language-by-url.md) is the same screen: its path is read
 * without `/fr`, and its reads ask `?lang=fr-CA` last, as the app's keys do (the web's
 * resources/products.ts `withLang`), so the app takes the same early answers.
 *
 * Of a list, only the first row's pictures are preloaded (`columns`: the grid's columns per viewport
 * width, widest first), as the grid fetches only those at high priority.
 *
 * A stored image is preloaded as the `<picture>` that shows it asks for it (docs/decisions/029-image-variants.md):
 * the AVIF variants' `imagesrcset` with that screen's `imagesizes`, so the browser fetches the same
 * variant once; a URL that names no variant is preloaded as it is.
 *
 * Data block: `{ "routes": [[pattern, jsFiles, cssFiles, frenchFiles], ...], "fr": [shellFiles], "banner": "/images/...",
 * "images": { "widths": [160, ...], "columns": [[1200, 4], [992, 3], [0, 2]],
 * "sizes": { "banner": ..., "card": ..., "product": ... } } }`.
 * Plain ES2017 so every browser the SPA supports runs it; it must stay self-contained.
 */
export const STOREFRONT_BOOT_SCRIPT = `(function () {
  var data = document.getElementById("storefront-boot");
  if (!data) return;
  var boot = JSON.parse(data.textContent || "{}");
  var path = location.pathname;
  var lang = "";
  if (/^\\/fr(\\/|$)/.test(path)) {
    path = path.slice(3) || "/";
    lang = "lang=fr-CA";
  }
  var withLang = function (key) {
    return lang ? key + (key.indexOf("?") < 0 ? "?" : "&") + lang : key;
  };
  var add = function (rel, href, as) {
    var link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) link.setAttribute("as", as);
    if (as === "image") link.setAttribute("fetchpriority", "high");
    document.head.appendChild(link);
  };
  var images = boot.images || {};
  var sizes = images.sizes || {};
  var firstRow = 4;
  (images.columns || []).some(function (breakpoint) {
    if (innerWidth < breakpoint[0]) return false;
    firstRow = breakpoint[1];
    return true;
  });
  var addImage = function (href, imageSizes) {
    var set = /^(.*\\/images\\/[^?#]+)\\/\\d+\\.(?:avif|webp)$/.exec(href);
    if (!set || !images.widths || !imageSizes) return add("preload", href, "image");
    var link = document.createElement("link");
    link.rel = "preload";
    link.setAttribute("as", "image");
    link.setAttribute("type", "image/avif");
    link.setAttribute("imagesrcset", images.widths.map(function (width) {
      return set[1] + "/" + width + ".avif " + width + "w";
    }).join(", "));
    link.setAttribute("imagesizes", imageSizes);
    link.setAttribute("fetchpriority", "high");
    document.head.appendChild(link);
  };
  if (lang) (boot.fr || []).forEach(function (href) { add("modulepreload", href); });
  (boot.routes || []).forEach(function (route) {
    if (!new RegExp(route[0]).test(path)) return;
    route[2].forEach(function (href) { add("stylesheet", href); });
    route[1].forEach(function (href) { add("modulepreload", href); });
    if (lang) (route[3] || []).forEach(function (href) { add("modulepreload", href); });
  });
  if (path === "/" && boot.banner) addImage(boot.banner, sizes.banner);
  var keys = [];
  if (path === "/products") {
    var params = new URLSearchParams(location.search);
    var next = new URLSearchParams();
    var category = params.get("category");
    var q = (params.get("q") || "").trim();
    if (category) next.set("category", category);
    if (q) next.set("q", q);
    next.set("limit", "${STOREFRONT_PAGE_SIZE}");
    keys.push(withLang("/api/products/categories"), withLang("/api/products?" + next.toString()));
  }
  var slug = /^\\/product\\/([^/]+)$/.exec(path);
  if (slug) keys.push(withLang("/api/products/slug/" + encodeURIComponent(decodeURIComponent(slug[1] || ""))));
  window.__early = {};
  keys.forEach(function (key) {
    var answer = fetch(key, { headers: { Accept: "application/json" } });
    window.__early[key] = answer;
    answer
      .then(function (response) { return response.ok ? response.clone().json() : undefined; })
      .then(function (body) {
        var items = Array.isArray(body) ? body.slice(0, firstRow) : body ? [body] : [];
        items.forEach(function (item) {
          if (item && typeof item.image === "string") addImage(item.image, slug ? sizes.product : sizes.card);
        });
      })
      .catch(function () {});
  });
})();`;

/** The id of the JSON data block the boot script reads (written by packages/web/vite.config.ts). */
export const STOREFRONT_BOOT_DATA_ID = "storefront-boot";
