import { createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * Fresh greens with warm fruit accents. The palettes (and red, for alerts) are deeper than Mantine's defaults so white
 * text on filled buttons and coloured text on white pass WCAG AA contrast (4.5:1): Mantine's own
 * green and orange at the button shade measure about 3:1.
 */
const green: MantineColorsTuple = [
  "#effcf2",
  "#dcf7e2",
  "#b6ecc3",
  "#86dd9d",
  "#56c777",
  "#2fae58",
  "#1f9447",
  "#177a3a",
  "#146532",
  "#11502a",
];
const orange: MantineColorsTuple = [
  "#fff6ec",
  "#ffead3",
  "#fed2a6",
  "#fdb472",
  "#fb9442",
  "#f27a1f",
  "#df6410",
  "#c2410c",
  "#a1360c",
  "#7f2d0f",
];

const red: MantineColorsTuple = [
  "#fff1f1",
  "#ffe0e0",
  "#fdc5c5",
  "#f99a9a",
  "#f26464",
  "#e53b3b",
  "#c92424",
  "#b01c1c",
  "#931a1a",
  "#7a1a1a",
];

export const theme = createTheme({
  colors: { green, orange, red },
  primaryColor: "green",
  primaryShade: { light: 7, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  defaultRadius: "md",
});

/** Mantine's "dimmed" grey is 3.3:1 on white; this one is 5.6:1. */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5b6570" },
  dark: {},
});
