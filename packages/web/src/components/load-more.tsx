import { Button, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type { MessageDescriptor } from "react-intl";
import { useT } from "../i18n/intl.tsx";
import { ErrorBlock } from "./page-states.tsx";

/**
 * A whole count with thousands separators: "37", "12,345". Not `toLocaleString`: the page's first
 * use of Intl loads its locale data, 30-50 ms of main thread on a fast machine (four times that on a
 * phone), in the middle of the catalogue's first render (tests/bench/README.md, group images).
 */
export const groupDigits = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** How far below the screen the end of the list may be when the next page starts loading. */
const AHEAD = "0px 0px 800px 0px";

/**
 * The end of a list read page by page: what is shown (a live region, so a screen reader hears the
 * new count), a "Load more" button while more follow, and, with `autoLoad`, the next page read as the
 * end of the list scrolls into view (an IntersectionObserver on a sentinel; the button stays as the
 * fallback and for keyboards). The block keeps one height whatever it holds, so loading a page or
 * reaching the end moves nothing on screen. `noun` is a plural message of `count`
 * (`{count, plural, one {# order} other {# orders}}`): the language's plural rules choose its form.
 *
 * @example
 * <LoadMore noun={ORDERS} shown={items.length} hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
 */
export function LoadMore({
  noun,
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
  autoLoad = false,
  error,
  onRetry,
}: {
  noun: MessageDescriptor;
  shown: number;
  total?: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  autoLoad?: boolean;
  error?: unknown;
  onRetry?: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const t = useT();
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  // Reading ahead waits for the shopper's first scroll: a page read while the list's end is already
  // in view at load (a short first page, a tall screen) would push this block down on screen, a
  // layout shift (CLS) with nothing asked for.
  const [scrolled, setScrolled] = useState(() => typeof window !== "undefined" && window.scrollY > 0);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener("scroll", onScroll, { passive: true, once: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [scrolled]);
  const watching = autoLoad && scrolled && hasMore && !loading && !error;

  // A new observer after each page: its first report says whether the end is still in view (a short
  // page), which loads the next one too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` re-observes after each page
  useEffect(() => {
    const element = sentinel.current;
    if (!watching || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watching, shown]);

  const status = loading
    ? t({ id: "list.loading", defaultMessage: "Loading more…" })
    : hasMore
      ? total !== undefined
        ? t(
            { id: "list.showingOf", defaultMessage: "Showing {shown} of {total}" },
            { shown, total: t(noun, { count: total }) },
          )
        : t({ id: "list.showing", defaultMessage: "Showing {items}" }, { items: t(noun, { count: shown }) })
      : t({ id: "list.all", defaultMessage: "All {items} shown" }, { items: t(noun, { count: shown }) });

  return (
    <Stack align="center" gap="xs" mt="xl" mih={88} data-testid="load-more">
      <div ref={sentinel} aria-hidden="true" />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {status}
      </Text>
      {error ? (
        <ErrorBlock error={error} onRetry={onRetry} />
      ) : (
        hasMore && (
          <Button
            variant="outline"
            radius="xl"
            onClick={onLoadMore}
            aria-busy={loading}
            rightSection={loading ? <Loader size={14} aria-hidden="true" /> : undefined}
          >
            {t({ id: "list.more", defaultMessage: "Load more" })}
          </Button>
        )
      )}
    </Stack>
  );
}
