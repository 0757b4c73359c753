import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { theme } from "../app/theme.ts";
import { CARD_COLUMNS, cardsInFirstRow, IMAGE_SIZES } from "./image-sizes.ts";

describe("the catalogue grid's columns (image-sizes.ts)", () => {
  it("switch at the theme's md and lg breakpoints, as the grid's cols and the cards' sizes do", () => {
    const px = (em: string) => Number.parseFloat(em) * 16;
    const breakpoints = { ...DEFAULT_THEME.breakpoints, ...theme.breakpoints };
    expect(CARD_COLUMNS.map(([min]) => min)).toEqual([px(breakpoints.lg), px(breakpoints.md), 0]);
    expect(IMAGE_SIZES.card).toContain(`(min-width: ${breakpoints.lg})`);
    expect(IMAGE_SIZES.card).toContain(`(min-width: ${breakpoints.md})`);
  });

  it("hold two cards on a phone, three on a tablet, four on a laptop", () => {
    expect([360, 412, 991, 992, 1199, 1200, 1920].map(cardsInFirstRow)).toEqual([2, 2, 2, 3, 3, 4, 4]);
  });
});
