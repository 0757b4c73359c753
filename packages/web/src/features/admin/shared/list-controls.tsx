import { Button, Group, NativeSelect, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { SearchIcon } from "../../../components/icons.tsx";
import type { PageStack } from "./use-page-stack.ts";

/**
 * An admin list's search box: the query is submitted on Enter or with Search (an empty one clears
 * the search). `value` is the query in the URL; the box starts from it.
 */
export function SearchForm({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (query: string) => void;
}) {
  const [text, setText] = useState(value);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and jsdom)
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="search"
          label={label}
          placeholder={placeholder}
          leftSection={<SearchIcon size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: "100%", sm: 320 }}
        />
        <Button type="submit" variant="light">
          Search
        </Button>
      </Group>
    </form>
  );
}

/** A labelled choice among fixed options (the orders' state filter). */
export function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      label={label}
      data={options as { value: string; label: string }[]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: "100%", sm: 180 }}
    />
  );
}

/**
 * Previous / Next under a paged admin table, with the page number. Nothing when there is one page
 * only (and always with a server that does not page).
 */
export function Pager({
  pages,
  next,
  loading,
}: {
  /** The page stack of the table (use-page-stack.ts). */
  pages: PageStack;
  /** The shown page's `rel="next"` path, if any. */
  next: string | undefined;
  /** While a page loads, Next waits for it. */
  loading: boolean;
}) {
  const { page, hasPrevious } = pages;
  const hasNext = !loading && next !== undefined;
  const onPrevious = pages.previous;
  const onNext = () => {
    if (next && !loading) pages.next(next);
  };
  if (!hasPrevious && !hasNext) return null;
  return (
    <Group component="nav" aria-label="Pages" justify="space-between" gap="sm">
      <PageButton enabled={hasPrevious} onClick={onPrevious}>
        Previous
      </PageButton>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {page}
      </Text>
      <PageButton enabled={hasNext} onClick={onNext}>
        Next
      </PageButton>
    </Group>
  );
}

/**
 * A Previous / Next button. When there is no page that way it is marked disabled but stays
 * focusable, so a keyboard user who just pressed it keeps their place on the page.
 */
function PageButton({
  enabled,
  onClick,
  children,
}: {
  enabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      variant="default"
      data-disabled={!enabled || undefined}
      aria-disabled={!enabled}
      onClick={(event) => {
        if (!enabled) event.preventDefault();
        else onClick();
      }}
    >
      {children}
    </Button>
  );
}
