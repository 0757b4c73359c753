import { Anchor, Group } from "@mantine/core";
import { Link } from "react-router-dom";

/**
 * Page links 1..N, the current one bold (docs/product.md §2 admin products).
 *
 * @example
 * <PaginationLinks pages={3} page={2} href={(n) => `/admin/products?page=${n}`} />
 */
export function PaginationLinks({
  pages,
  page,
  href,
}: {
  pages: number;
  page: number;
  href: (n: number) => string;
}) {
  if (pages < 1) return null;
  return (
    <Group component="nav" aria-label="Pages" gap="xs">
      {Array.from({ length: pages }, (_, index) => index + 1).map((n) => (
        <Anchor
          key={n}
          component={Link}
          to={href(n)}
          fw={n === page ? 700 : 400}
          aria-current={n === page ? "page" : undefined}
          px={8}
          py={2}
          style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 4 }}
        >
          {n}
        </Anchor>
      ))}
    </Group>
  );
}
