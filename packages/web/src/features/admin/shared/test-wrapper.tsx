import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";

/** Renders an admin component the way the app does: Mantine theme and a router (tests only). */
export function renderAdmin(ui: ReactElement, { route = "/" }: { route?: string } = {}) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}
