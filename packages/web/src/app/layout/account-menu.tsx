import { Button } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
import { shop, useShop } from "../../lib/shop-store.ts";
import { UserButton } from "./user-button.tsx";

// Menus need the floating-UI code; visitors never open one, so it loads only for signed-in users.
const UserDropdown = lazy(() => import("./user-dropdown.tsx").then((m) => ({ default: m.UserDropdown })));

/** Logout (docs/product.md §2): clears the stored user, cart, address and payment method, then /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    shop.signOut();
    navigate("/login");
  };
}

/** "Log In" for visitors; a dropdown headed by the user's name for customers and admins. */
export function AccountMenu() {
  const userInfo = useShop((s) => s.userInfo);
  const logout = useLogout();
  const t = useT();
  if (!userInfo) {
    return (
      <Button component={Link} to="/login" radius="xl" size="sm" color="orange">
        {t({ id: "account.login", defaultMessage: "Log In" })}
      </Button>
    );
  }
  return (
    <Suspense fallback={<UserButton name={userInfo.name} />}>
      <UserDropdown userInfo={userInfo} onLogout={logout} />
    </Suspense>
  );
}
