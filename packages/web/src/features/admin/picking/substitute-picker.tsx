import { formatMoney, formatQuantity, perUnitLabel } from "@fruit/core/browser/money";
import type { OrderLine } from "@fruit/core/browser/orders";
import { NumberInput, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useProducts } from "../../../resources/products.ts";
import type { LineDraft, SubstituteProduct } from "./picking.ts";

/** How many catalogue matches the search offers. */
const MATCHES = 10;

type Substitute = NonNullable<LineDraft["substitute"]>;

/**
 * The product put in an unavailable line's place: a search of the storefront's catalogue
 * (GET /api/products?q=), leaving out the order's own products, and its quantity in its own unit.
 */
export function SubstitutePicker({
  line,
  exclude,
  value,
  error,
  onChange,
}: {
  line: OrderLine;
  /** The order's products: a substitute must be another one. */
  exclude: readonly string[];
  value: Substitute | null;
  error: string | undefined;
  onChange: (value: Substitute | null) => void;
}) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const { data = [] } = useProducts({ q, limit: MATCHES });
  const found = data.filter((product) => !exclude.includes(product._id));
  const products: SubstituteProduct[] =
    value && !found.some((product) => product._id === value.product._id) ? [value.product, ...found] : found;
  const product = value?.product;
  return (
    <Stack gap="xs">
      <Select
        label={`In place of ${line.name}`}
        placeholder="Search the catalogue"
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has filtered by the search already.
        filter={({ options }) => options}
        nothingFoundMessage="No other product found"
        data={products.map((p) => ({ value: p._id, label: p.name }))}
        renderOption={({ option }) => {
          const p = products.find((candidate) => candidate._id === option.value);
          return p ? (
            <Stack gap={0}>
              <Text size="sm">{p.name}</Text>
              <Text size="xs" c="dimmed">
                {formatMoney(p.price)} / {perUnitLabel(p.unit)} · {formatQuantity(p.unit, p.countInStock)} in
                stock
              </Text>
            </Stack>
          ) : (
            option.label
          );
        }}
        value={product?._id ?? null}
        onChange={(id) => {
          const chosen = products.find((p) => p._id === id);
          onChange(chosen ? { product: chosen, quantity: chosen.step } : null);
        }}
      />
      {product && value && (
        <NumberInput
          label={`Quantity of ${product.name}`}
          description={`${formatMoney(product.price)} / ${perUnitLabel(product.unit)} · ${formatQuantity(product.unit, product.countInStock)} in stock`}
          suffix={product.unit === "kg" ? " kg" : " pcs"}
          min={0}
          step={product.step}
          decimalScale={product.unit === "kg" ? 3 : 0}
          allowDecimal={product.unit === "kg"}
          value={value.quantity}
          error={error}
          onChange={(quantity) => onChange({ ...value, quantity })}
        />
      )}
    </Stack>
  );
}
