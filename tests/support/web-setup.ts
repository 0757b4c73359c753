import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { makeIntl, setPageIntl } from "../../packages/web/src/i18n/page-intl.ts";
import { closeAlert } from "../../packages/web/src/lib/alert.ts";
import { configureApi } from "../../packages/web/src/lib/api.ts";
import { shop } from "../../packages/web/src/lib/shop-store.ts";

// The web project runs its files in shared workers without isolation (vitest.config.ts): one jsdom
// and one module cache serve many files. So every test leaves the page as it found it: nothing
// rendered, no notification shown or queued (Mantine keeps them in a store of its own), no stubbed
// global (fetch), real timers, empty storage.
afterEach(() => {
  cleanup();
  notifications.clean();
  // What outlived its render (a portal's exit transition, a late effect) goes with the test too.
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  // The web's own process-wide state, as a fresh page load has it: no alert open, the client store
  // read from the (now empty) storage, English, no session.
  closeAlert();
  shop.reload();
  setPageIntl(makeIntl("en", {}));
  configureApi({ token: () => undefined, onUnauthorized: () => {} });
});

// `findBy…` and `waitFor` wait for what a screen will show, not for a duration: on a loaded 2-core
// machine a render can take longer than the library's 1 s default, so they wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads these browser APIs, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
