import { Outlet } from "react-router-dom";

/** Header, page and footer — the storefront work replaces this with the full layout. */
export function AppLayout() {
  return <Outlet />;
}
