import { createRequire } from "node:module";
import { sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { STOREFRONT_BOOT_DATA_ID, STOREFRONT_BOOT_SCRIPT } from "../core/src/http/storefront-boot.ts";
import { IMAGE_WIDTHS } from "../core/src/uploads/image-urls.ts";
import { messagePartIds } from "./build/message-ids.ts";
import { CARD_COLUMNS, IMAGE_SIZES } from "./src/components/image-sizes.ts";
import { MESSAGE_PARTS, type MessagePartName } from "./src/i18n/message-parts.ts";
import { messages as FRENCH } from "./src/i18n/messages/fr-CA.ts";

/**
 * The SPA. In `npm run dev` the local runtime serves this through Vite's middleware, so /api and
 * /images are answered by the same process; `VITE_API_ORIGIN` is only for running Vite on its own.
 */
const apiOrigin = process.env.VITE_API_ORIGIN ?? "http://localhost:3000";

/** HOME_BANNER_IMAGES.strawberry (packages/core catalogue.constants): the home page's first slide. */
const FIRST_BANNER = "/images/seed/banner-strawberry/800.webp";

/** The storefront screens whose chunks and first data are fetched by index.html itself. */
const EARLY_ROUTES = [
  { pattern: "^/$", module: "features/site/home/home-page.tsx", part: "home" },
  { pattern: "^/products$", module: "features/catalog/products-page.tsx", part: "catalog" },
  { pattern: "^/product/[^/]+$", module: "features/catalog/product-page.tsx", part: "product" },
];

/**
 * The page's own chunk, its data and (on the home page) the first banner picture are otherwise
 * requested one after the other: the entry runs, the router loads the screen's chunk, the screen
 * asks for its data, then for the picture. A small script at the top of index.html starts them
 * all at once for the three storefront screens; `api()` takes the early answers (lib/early-fetch.ts).
 *
 * The script's text is a constant (core's STOREFRONT_BOOT_SCRIPT) so the Content-Security-Policy can
 * allow it by hash; this build's chunk names go into the JSON data block it reads, which the CSP does
 * not govern (docs/decisions/011-security-headers.md).
 */
function earlyStorefront(): Plugin {
  return {
    name: "early-storefront",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((o) => (o.type === "chunk" ? [o] : []));
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byName.get(file)?.imports ?? []) walk(dep, into);
        };
        if (entry) walk(entry.fileName, inEntry);
        // A French part's file (src/i18n/load-messages.ts), which a /fr page loads beside its screen.
        const frenchPart = (part: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/i18n/messages/fr-CA/${part}.ts`));
          if (!chunk) throw new Error(`early-storefront: no chunk for the French part ${part}`);
          return `/${chunk.fileName}`;
        };
        const routes = EARLY_ROUTES.map(({ pattern, module, part }) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`));
          if (!chunk) throw new Error(`early-storefront: no chunk for ${module}`);
          const files = new Set<string>();
          walk(chunk.fileName, files);
          const js = [...files].filter((f) => !inEntry.has(f));
          const css = js.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
          return [pattern, js.map((f) => `/${f}`), css.map((f) => `/${f}`), [frenchPart(part)]];
        });
        // What every /fr page loads before its first render: the shell's French texts.
        const fr = [frenchPart("shell")];
        // "<" escaped so no file name can close the data block early.
        // The pictures' own widths and sizes (components/picture.tsx), so a preload is the variant they show.
        const images = {
          widths: IMAGE_WIDTHS,
          columns: CARD_COLUMNS,
          sizes: { banner: IMAGE_SIZES.banner, card: IMAGE_SIZES.card, product: IMAGE_SIZES.product },
        };
        const data = JSON.stringify({ routes, banner: FIRST_BANNER, images, fr }).replaceAll("<", "\\u003c");
        const tags = [
          `<script type="application/json" id="${STOREFRONT_BOOT_DATA_ID}">${data}</script>`,
          `<script>${STOREFRONT_BOOT_SCRIPT}</script>`,
        ].join("\n    ");
        return html.replace(/<meta charset="UTF-8" \/>/i, (meta) => `${meta}\n    ${tags}`);
      },
    },
  };
}

/**
 * What the three storefront screens share beyond the entry: the small Mantine components and our
 * own card, grid, rating and add-to-cart modules. Each of them would otherwise be its own ~1 KB
 * file (each shared with a different set of other screens), so a storefront screen waited on 17
 * files; as one chunk it waits on a handful.
 */
const STOREFRONT_KIT = new RegExp(
  [
    String.raw`@mantine[\\/]core[\\/]esm[\\/]components[\\/](Alert|Badge|Card|Center|Divider|Grid|Image|Paper|ThemeIcon)[\\/]`,
    String.raw`[\\/]src[\\/]components[\\/](page-states|rating-stars|section-heading|feature-boxes)\.`,
    String.raw`[\\/]src[\\/]features[\\/]cart[\\/](add-to-cart|add-to-cart-button)\.`,
    String.raw`[\\/]src[\\/]features[\\/]catalog[\\/](product-card|product-grid)\.`,
    String.raw`[\\/]src[\\/]resources[\\/]products\.`,
    String.raw`[\\/]src[\\/]money[\\/]pricing\.`,
    // What the catalogue's category tabs build on.
    String.raw`@mantine[\\/](core|hooks)[\\/]esm[\\/].*[\\/](use-uncontrolled|use-force-update|create-scoped-keydown-handler|find-element-ancestor|DirectionProvider)\.mjs$`,
  ].join("|"),
);

/**
 * Fewer, larger chunks on a screen's first load (decision 006). Left to itself the bundler gives
 * every set of screens that share a module its own file, and over HTTP/1.1 (six connections) each
 * round of requests costs a phone a round trip. Everything the entry needs is one "app" chunk, the
 * storefront's shared modules one "storefront" chunk; other shared modules are grouped by the set
 * of screens that use them (no size-based merging: it pulled unused code past the 150 KB budget).
 */
const CODE_SPLITTING: Rolldown.CodeSplittingOptions = {
  groups: [
    { name: "app", tags: ["$initial"], priority: 3 },
    { name: "storefront", test: STOREFRONT_KIT, priority: 2 },
    { name: "shared", minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 0, priority: 1 },
  ],
};

/**
 * The ICU parser react-intl formats with: the copy its own dependencies resolve to, so the messages
 * are compiled by the very version whose AST the runtime reads (the AST changes between versions).
 */
const REACT_INTL = fileURLToPath(import.meta.resolve("react-intl"));
const REACT_INTL_PARSER = createRequire(REACT_INTL).resolve("@formatjs/icu-messageformat-parser");
/** Where @formatjs/intl (react-intl's core) is installed: it holds a second copy of the same runtime. */
const FORMATJS_INTL = `${sep}node_modules${sep}@formatjs${sep}intl${sep}`;
const { parse } = (await import(pathToFileURL(REACT_INTL_PARSER).href)) as {
  parse: (message: string) => unknown;
};

/** A double-quoted string literal (JSON's escapes), as the screens and the catalogue write messages. */
const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const DEFAULT_MESSAGE = new RegExp(String.raw`defaultMessage:\s*(${STRING})`, "g");
/** A catalogue's `id: "text"` (an id that is a plain name is written unquoted). */
const CATALOGUE_KEY = String.raw`^\s*(?:"[\w.-]+"|[A-Za-z_$][\w$]*):\s*`;
const CATALOGUE_ENTRY = new RegExp(String.raw`(${CATALOGUE_KEY})(${STRING})`, "gm");

/** A message as its compiled AST, in JSON (a build error names the message that does not parse). */
function compiled(literal: string, where: string): string {
  const message = JSON.parse(literal) as string;
  try {
    return JSON.stringify(parse(message));
  } catch (error) {
    throw new Error(`${where}: the message ${literal} is not ICU MessageFormat (${String(error)})`);
  }
}

/**
 * Messages compiled at build time (docs/decisions/052-language-by-url.md, "Weight"): every screen's
 * `defaultMessage` (the English text) and every text of a language's catalogue
 * (src/i18n/messages/*.ts) become the AST react-intl would otherwise parse in the browser, as
 * FormatJS's `ast: true` build plugins do. With nothing left to parse, the parser is swapped for its
 * parser-free build (`no-parser.js`, which throws on a string message), and the ICU parser never
 * ships. Builds only: the tests and `npm run dev` keep the strings and the parser.
 *
 * The French catalogue is split by the screens that use it: each part's module
 * (src/i18n/messages/fr-CA/<part>.ts, which re-exports the whole catalogue for the tests and
 * `npm run dev`) is written here with only its part's texts (build/message-ids.ts finds which), so a
 * `/fr` page loads the shell's part and its own screen's, never the whole catalogue.
 */
function precompiledMessages(): Plugin {
  const source = /[\\/]packages[\\/]web[\\/]src[\\/].*\.tsx?$/;
  const catalogue = /[\\/]src[\\/]i18n[\\/]messages[\\/][\w-]+\.ts$/;
  const frenchPart = /[\\/]src[\\/]i18n[\\/]messages[\\/]fr-CA[\\/]([\w-]+)\.ts$/;
  let parts: Record<MessagePartName, string[]> | undefined;
  return {
    name: "precompiled-messages",
    apply: "build",
    enforce: "pre",
    buildStart() {
      parts = messagePartIds(Object.keys(FRENCH));
    },
    load(id) {
      const name = frenchPart.exec(id)?.[1];
      if (!name || !parts) return null;
      if (!(name in MESSAGE_PARTS)) throw new Error(`${id}: no part "${name}" in src/i18n/message-parts.ts`);
      const entries = parts[name as MessagePartName].map(
        (key) => `  ${JSON.stringify(key)}: ${compiled(JSON.stringify(FRENCH[key]), `${id} ${key}`)},`,
      );
      return `export const messages = {\n${entries.join("\n")}\n};\n`;
    },
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
          },
        ],
      },
    }),
    // react-intl and its @formatjs/intl each got their own copy of intl-messageformat and the
    // @formatjs helpers (same versions; the root keeps core's older intl-messageformat): one copy,
    // react-intl's, serves both.
    resolveId(id, importer, options) {
      if (!importer?.includes(FORMATJS_INTL)) return null;
      if (id !== "intl-messageformat" && !id.startsWith("@formatjs/")) return null;
      return this.resolve(id, REACT_INTL, { ...options, skipSelf: true });
    },
    transform(code, id) {
      if (!source.test(id)) return null;
      let out = code.replace(
        DEFAULT_MESSAGE,
        (_, literal: string) => `defaultMessage: ${compiled(literal, id)}`,
      );
      if (catalogue.test(id)) {
        out = out.replace(CATALOGUE_ENTRY, (_, key: string, literal: string) => key + compiled(literal, id));
        if (new RegExp(`${CATALOGUE_KEY}["'\`]`, "m").test(out))
          throw new Error(`${id}: a text left uncompiled`);
      }
      // A message written any other way would reach the parser-free runtime as a string.
      if (/defaultMessage:\s*[^\s[]/.test(out))
        throw new Error(`${id}: a defaultMessage that is not a string literal`);
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompiledMessages(), react(), earlyStorefront()],
  server: {
    proxy: { "/api": apiOrigin, "/images": apiOrigin },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    cssCodeSplit: true,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: CODE_SPLITTING },
    },
  },
});
