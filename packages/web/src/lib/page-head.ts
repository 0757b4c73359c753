import { localePath, type PageHeadText } from "@fruit/core/browser/pages";
import { useEffect } from "react";
import { localeOfPath } from "../i18n/locale.ts";

/**
 * Keeps the document's head in step with the screen on client-side navigation: the same title,
 * description and canonical URL the server wrote into the first page's HTML
 * (packages/core/src/pages/, docs/decisions/034-page-heads.md). The canonical origin is the one the
 * server wrote (the stage's configured public URL); only a first page that had none (a signed-in
 * screen) falls back to the address bar's. A page's canonical is its address in the page's language
 * (`/fr/products` on a French page), and its `hreflang` links name both languages, as the server's do.
 */

const firstCanonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
const canonicalOrigin = firstCanonical ? new URL(firstCanonical).origin : location.origin;
/** The page's language: the address chose it, and it stays for the page's life (docs/decisions/052-language-by-url.md). */
const pageLocale = localeOfPath(location.pathname);

/** The `<link rel="alternate" hreflang>` of a language, made when missing; removed when `href` is undefined. */
function setAlternate(hreflang: string, href: string | undefined) {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${hreflang}"]`);
  if (href === undefined) {
    link?.remove();
    return;
  }
  if (!link) {
    link = Object.assign(document.createElement("link"), { rel: "alternate", hreflang });
    document.head.appendChild(link);
  }
  link.href = href;
}

function setMeta(selector: string, create: () => HTMLMetaElement, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.content = content;
}

const named = (name: string) => () => Object.assign(document.createElement("meta"), { name });
const property = (key: string) => () => {
  const element = document.createElement("meta");
  element.setAttribute("property", key);
  return element;
};

/** Writes a page's head; `canonical: false` (a 404, a private screen) removes the canonical link. */
export function applyPageHead(text: PageHeadText, { canonical = true } = {}): void {
  document.title = text.title;
  const url = canonical ? `${canonicalOrigin}${localePath(pageLocale, text.path)}` : undefined;
  const english = canonical ? `${canonicalOrigin}${text.path}` : undefined;
  setAlternate("en", english);
  setAlternate("fr-CA", canonical ? `${canonicalOrigin}${localePath("fr-CA", text.path)}` : undefined);
  setAlternate("x-default", english);
  setMeta('meta[name="description"]', named("description"), text.description);
  setMeta('meta[property="og:title"]', property("og:title"), text.title);
  setMeta('meta[property="og:description"]', property("og:description"), text.description);
  setMeta('meta[property="og:url"]', property("og:url"), url);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!url) link?.remove();
  else {
    if (!link) {
      link = Object.assign(document.createElement("link"), { rel: "canonical" });
      document.head.appendChild(link);
    }
    link.href = url;
  }
}

/** The screen's head, written whenever it changes; nothing while it is not known yet (a loading product). */
export function usePageHead(text: PageHeadText | undefined, options: { canonical?: boolean } = {}): void {
  const { title, description, path } = text ?? {};
  const canonical = options.canonical ?? true;
  useEffect(() => {
    if (title === undefined || description === undefined || path === undefined) return;
    applyPageHead({ title, description, path }, { canonical });
  }, [title, description, path, canonical]);
}
