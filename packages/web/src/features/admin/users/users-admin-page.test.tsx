import type { AdminUser } from "@fruit/core/browser/users";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, pageAnswer, renderScreen, resetShop } from "../../../test/render.tsx";
import { UsersAdminPage } from "./users-admin-page.tsx";

const user = (id: string, name = `User ${id}`): AdminUser =>
  ({ _id: id, name, email: `${id}@example.com`, isAdmin: false }) as AdminUser;

function Url() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

const render = (path = "/admin/users") =>
  renderScreen(
    <>
      <UsersAdminPage />
      <Url />
    </>,
    { path },
  );

/** The NAME cell of each row on screen. */
const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[1]?.textContent);

beforeEach(() => resetShop());
afterEach(() => vi.unstubAllGlobals());

describe("admin users, a page at a time", () => {
  it("asks for 25 accounts and goes Next and Previous", async () => {
    const api = fakeApi({
      "GET /api/users?limit=25": pageAnswer([user("u1"), user("u2")], {
        next: "/api/users?limit=25&cursor=c2",
      }),
      "GET /api/users?limit=25&cursor=c2": pageAnswer([user("u3")]),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await waitFor(() => expect(names()).toEqual(["User u1", "User u2"]));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(names()).toEqual(["User u3"]));
    expect(screen.getByText("Page 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(names()).toEqual(["User u1", "User u2"]));
    // Going back shows the first page at once and reads it again (it may have changed meanwhile).
    await waitFor(() =>
      expect(api.calls.map((call) => call.path)).toEqual([
        "/api/users?limit=25",
        "/api/users?limit=25&cursor=c2",
        "/api/users?limit=25",
      ]),
    );
  });

  it("searches by name or e-mail on submit, from the first page, with the query in the URL", async () => {
    const api = fakeApi({
      "GET /api/users?limit=25": pageAnswer([user("u1"), user("u2")], {
        next: "/api/users?limit=25&cursor=c2",
      }),
      "GET /api/users?limit=25&cursor=c2": pageAnswer([user("u3")]),
      "GET /api/users?q=ann&limit=25": pageAnswer([user("u7", "Ann")]),
    });
    vi.stubGlobal("fetch", api.fetch);
    render();
    await waitFor(() => expect(names()).toEqual(["User u1", "User u2"]));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(names()).toEqual(["User u3"]));
    await userEvent.type(screen.getByRole("searchbox", { name: "Search users" }), "ann");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(names()).toEqual(["Ann"]));
    expect(screen.getByTestId("url")).toHaveTextContent("/admin/users?q=ann");
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();

    // An empty search clears it.
    await userEvent.clear(screen.getByRole("searchbox", { name: "Search users" }));
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(names()).toEqual(["User u1", "User u2"]));
    expect(screen.getByTestId("url")).toHaveTextContent(/^\/admin\/users$/);
  });

  it("says so when no account matches", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/users?q=zed&limit=25": pageAnswer([]) }).fetch);
    render("/admin/users?q=zed");
    expect(await screen.findByText("No users match")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search users" })).toHaveValue("zed");
  });

  it("shows a whole list from a server that does not page, with no Previous or Next", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/users": [user("u1"), user("u2"), user("u3")] }).fetch);
    render();
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
  });
});
