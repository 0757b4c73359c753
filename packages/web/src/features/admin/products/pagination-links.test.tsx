import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "../shared/test-wrapper.tsx";
import { PaginationLinks } from "./pagination-links.tsx";

const href = (n: number) => `/admin/products?page=${n}`;

describe("PaginationLinks", () => {
  it("links every page 1..N to /admin/products?page={n}", () => {
    renderAdmin(<PaginationLinks pages={3} page={1} href={href} />);
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["1", "2", "3"]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/admin/products?page=1",
      "/admin/products?page=2",
      "/admin/products?page=3",
    ]);
  });

  it("shows the current page bold and marks it as current", () => {
    renderAdmin(<PaginationLinks pages={3} page={2} href={href} />);
    const current = screen.getByRole("link", { name: "2" });
    expect(current).toHaveAttribute("aria-current", "page");
    expect(current).toHaveStyle({ fontWeight: "700" });
    expect(screen.getByRole("link", { name: "1" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "1" })).toHaveStyle({ fontWeight: "400" });
  });

  it("renders nothing when there are no pages", () => {
    renderAdmin(<PaginationLinks pages={0} page={1} href={href} />);
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });
});
