import { createTheme } from "@mantine/core";

/** Fresh greens with warm fruit accents. */
export const theme = createTheme({
  primaryColor: "green",
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  defaultRadius: "md",
});
