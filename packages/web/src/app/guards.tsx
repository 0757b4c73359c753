import { Navigate, Outlet, useLocation } from "react-router-dom";
import { useShop } from "../lib/shop-store.ts";

/** Signed-in routes: a visitor goes to /login?redirect=<where they were going>. */
export function RequireUser() {
  const userInfo = useShop((s) => s.userInfo);
  const location = useLocation();
  if (!userInfo) {
    return (
      <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  }
  return <Outlet />;
}

/** Admin routes: anyone who is not an administrator goes to /login (docs/product.md §6). */
export function RequireAdmin() {
  const userInfo = useShop((s) => s.userInfo);
  const location = useLocation();
  if (!userInfo?.isAdmin) {
    return (
      <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  }
  return <Outlet />;
}
