import type { UserInfo } from "@fruit/core/browser/users";
import { Menu } from "@mantine/core";
import { Link } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
import { ADMIN_LINKS, CUSTOMER_LINKS } from "./nav-items.ts";
import { UserButton } from "./user-button.tsx";

/** The signed-in dropdown: the customer's or the admin's links, then Logout (its own chunk). */
export function UserDropdown({ userInfo, onLogout }: { userInfo: UserInfo; onLogout: () => void }) {
  const links = userInfo.isAdmin ? ADMIN_LINKS : CUSTOMER_LINKS;
  const t = useT();
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <UserButton name={userInfo.name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {userInfo.isAdmin
            ? t({ id: "account.menu.admin", defaultMessage: "Administrator" })
            : t({ id: "account.menu.title", defaultMessage: "My account" })}
        </Menu.Label>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {t(link.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          {t({ id: "account.logout", defaultMessage: "Logout" })}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
