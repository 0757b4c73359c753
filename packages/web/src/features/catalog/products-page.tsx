import { catalogueHead } from "@fruit/core/browser/pages";
import { Container, Group, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { useSearchParams } from "react-router-dom";
import { SearchIcon } from "../../components/icons.tsx";
import { LoadMore } from "../../components/load-more.tsx";
import { ErrorBlock, LoadingBlock } from "../../components/page-states.tsx";
import { useLocale, useT } from "../../i18n/intl.tsx";
import { usePageHead } from "../../lib/page-head.ts";
import { useCategories } from "./api/use-categories.ts";
import { useProductPages } from "./api/use-product-pages.ts";
import { ProductGrid } from "./product-grid.tsx";

const ALL = "All";
const NOUN: MessageDescriptor = defineMessage({
  id: "products.count",
  defaultMessage: "{count, plural, one {# product} other {# products}}",
});
/**
 * Pages read as the shopper scrolls; past them (240 cards) only the Load more button reads more, so
 * the page's DOM stays bounded unless the shopper asks.
 */
export const AUTO_LOAD_PAGES = 10;

/**
 * /products — category tabs (All + the server's categories) and a name search; both live in the URL
 * (?category=&q=) so a filtered list can be shared and survives a reload. The search is debounced
 * and filtered by the server. The grid reads 24 products at a time (docs/decisions/026-bounded-lists.md)
 * and the next 24 as the shopper nears its end, or on Load more; a new filter starts from its first
 * page. How many products match comes from the first page's `X-Total-Count` (or, from a server that
 * does not page, the whole list it answered).
 */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  // The filter lives in state and is mirrored into the URL: state updates cannot race each other
  // the way two quick URL updates (a tab click, then typing) can.
  const [category, setCategory] = useState(params.get("category") ?? "");
  const [q, setQ] = useState(params.get("q") ?? "");
  const [debouncedQ] = useDebouncedValue(q, 300);
  const categories = useCategories();
  const products = useProductPages({ category, q: debouncedQ });
  const t = useT();
  usePageHead(catalogueHead(category || undefined, useLocale()));
  const matching = products.total ?? (products.hasMore ? undefined : products.items.length);

  useEffect(() => {
    const next = new URLSearchParams();
    if (category) next.set("category", category);
    if (debouncedQ.trim()) next.set("q", debouncedQ.trim());
    setParams(next, { replace: true });
  }, [category, debouncedQ, setParams]);

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="md" gap="md">
        <div>
          <Title order={1}>{t({ id: "products.title", defaultMessage: "Products" })}</Title>
          <Text c="dimmed">{t({ id: "products.lead", defaultMessage: "Fresh picks, priced per kg." })}</Text>
        </div>
        <TextInput
          type="search"
          label={t({ id: "products.search", defaultMessage: "Search products" })}
          placeholder={t({ id: "products.search.placeholder", defaultMessage: "Search by name" })}
          leftSection={<SearchIcon size={16} />}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          w={{ base: "100%", sm: 300 }}
        />
      </Group>
      <Tabs
        value={category || ALL}
        onChange={(value) => setCategory(value === ALL || !value ? "" : value)}
        mb="lg"
      >
        <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
          <Tabs.Tab value={ALL}>{t({ id: "products.all", defaultMessage: "All" })}</Tabs.Tab>
          {(categories.data ?? []).map((name) => (
            <Tabs.Tab key={name} value={name}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {categories.error && <ErrorBlock error={categories.error} onRetry={() => categories.mutate()} />}
      {/* The count keeps its line while loading, so the grid below does not move when it arrives. */}
      <Text size="sm" c="dimmed" mih={22} mb="sm" aria-live="polite" data-testid="products-count">
        {!products.loading && !products.stale && matching ? t(NOUN, { count: matching }) : ""}
      </Text>
      {products.loading ? (
        <LoadingBlock label={t({ id: "products.loading", defaultMessage: "Loading products" })} />
      ) : products.error && products.pageCount === 0 ? (
        <ErrorBlock error={products.error} onRetry={products.retry} />
      ) : products.items.length > 0 ? (
        <div aria-busy={products.stale} style={{ opacity: products.stale ? 0.6 : 1 }}>
          <ProductGrid
            products={products.items}
            eagerFirstRow
            footer={
              (products.hasMore || products.pageCount > 1) && (
                <LoadMore
                  noun={NOUN}
                  shown={products.items.length}
                  total={products.total}
                  hasMore={products.hasMore}
                  loading={products.loadingMore}
                  onLoadMore={products.loadMore}
                  autoLoad={products.pageCount < AUTO_LOAD_PAGES}
                  error={products.error}
                  onRetry={products.retry}
                />
              )
            }
          />
        </div>
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          {t(
            {
              id: "products.none",
              defaultMessage:
                "{hasQuery, select, yes {{hasCategory, select, yes {No products match “{q}” in {category}.} other {No products match “{q}”.}}} other {{hasCategory, select, yes {No products match in {category}.} other {No products match.}}}}",
            },
            { q, category, hasQuery: q ? "yes" : "no", hasCategory: category ? "yes" : "no" },
          )}
        </Text>
      )}
    </Container>
  );
}
