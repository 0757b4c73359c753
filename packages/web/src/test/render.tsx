import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { IntlShape } from "react-intl";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { cssVariablesResolver, theme } from "../app/theme.ts";
import { AlertHost } from "../components/alert-host.tsx";
import { LocaleProvider } from "../i18n/intl.tsx";
import { shop } from "../lib/shop-store.ts";

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to document.fonts.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

/**
 * Renders a screen as the app does (Mantine theme, a router at `path`, a fresh SWR cache, the alert
 * dialog host), in English unless `intl` says otherwise. `routes` adds destination pages so a test can see where a screen navigated.
 */
export function renderScreen(
  ui: ReactElement,
  {
    path = "/",
    routes = {},
    intl,
  }: { path?: string; routes?: Record<string, string>; intl?: IntlShape } = {},
) {
  return render(
    <LocaleProvider intl={intl}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={path.split("?")[0]} element={ui} />
              {Object.entries(routes).map(([to, text]) => (
                <Route key={to} path={to} element={<p>{text}</p>} />
              ))}
            </Routes>
            <AlertHost />
          </MemoryRouter>
        </SWRConfig>
      </MantineProvider>
    </LocaleProvider>,
  );
}

/** A fetch stand-in answering JSON by "METHOD path" (path without the query unless given). */
export function fakeApi(answers: Record<string, unknown | ((body: unknown) => unknown)>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: input, body, headers: (init.headers ?? {}) as Record<string, string> });
    const answer = answers[`${method} ${input}`] ?? answers[`${method} ${input.split("?")[0]}`];
    if (answer === undefined)
      return new Response(JSON.stringify({ message: "Not Found", code: "NOT_FOUND" }), { status: 404 });
    const value = typeof answer === "function" ? (answer as (b: unknown) => unknown)(body) : answer;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify(value), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { fetch, calls };
}

/** Empties the client store and its storage between tests. */
export function resetShop(): void {
  localStorage.clear();
  shop.reload();
}

/**
 * A list route's answer for `fakeApi` (docs/decisions/026-bounded-lists.md): the bare array, with
 * `Link: <next>; rel="next"` and `X-Total-Count` when given. A function, so each call gets a fresh
 * Response.
 */
export const pageAnswer =
  (items: unknown[], { next, total }: { next?: string; total?: number } = {}) =>
  () => {
    const headers = new Headers({ "Content-Type": "application/json" });
    if (next) headers.set("Link", `<${next}>; rel="next"`);
    if (total !== undefined) headers.set("X-Total-Count", String(total));
    return new Response(JSON.stringify(items), { status: 200, headers });
  };

/** A stand-in IntersectionObserver that reports every observed element in view (jsdom has none). */
export class InViewObserver {
  private live = true;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => {
      if (this.live)
        this.callback(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
    });
  }
  unobserve() {}
  disconnect() {
    this.live = false;
  }
  takeRecords() {
    return [];
  }
}
