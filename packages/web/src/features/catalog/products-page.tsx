import { Container, Group, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SearchIcon } from "../../components/icons.tsx";
import { ErrorBlock, LoadingBlock } from "../../components/page-states.tsx";
import { useProducts } from "../../resources/products.ts";
import { useCategories } from "./api/use-categories.ts";
import { ProductGrid } from "./product-grid.tsx";

const ALL = "All";

/**
 * /products — category tabs (All + the server's categories) and a name search; both live in the URL
 * (?category=&q=) so a filtered list can be shared and survives a reload. The search is debounced
 * and filtered by the server.
 */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  // The filter lives in state and is mirrored into the URL: state updates cannot race each other
  // the way two quick URL updates (a tab click, then typing) can.
  const [category, setCategory] = useState(params.get("category") ?? "");
  const [q, setQ] = useState(params.get("q") ?? "");
  const [debouncedQ] = useDebouncedValue(q, 300);
  const categories = useCategories();
  const products = useProducts({ category, q: debouncedQ });

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
          <Title order={1}>Products</Title>
          <Text c="dimmed">Fresh picks, priced per kg.</Text>
        </div>
        <TextInput
          type="search"
          label="Search products"
          placeholder="Search by name"
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
          <Tabs.Tab value={ALL}>All</Tabs.Tab>
          {(categories.data ?? []).map((name) => (
            <Tabs.Tab key={name} value={name}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {categories.error && <ErrorBlock error={categories.error} onRetry={() => categories.mutate()} />}
      {!products.data && !products.error ? (
        <LoadingBlock label="Loading products" />
      ) : products.error ? (
        <ErrorBlock error={products.error} onRetry={() => products.mutate()} />
      ) : products.data && products.data.length > 0 ? (
        <div aria-busy={products.isValidating} style={{ opacity: products.isValidating ? 0.6 : 1 }}>
          <ProductGrid products={products.data} eagerCount={4} />
        </div>
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          No products match{q ? ` "${q}"` : ""}
          {category ? ` in ${category}` : ""}.
        </Text>
      )}
    </Container>
  );
}
