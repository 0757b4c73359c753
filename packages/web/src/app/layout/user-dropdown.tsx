import type { UserInfo } from "@fruit/core/browser/users";
import { Menu } from "@mantine/core";
import { Link } from "react-router-dom";
import { ADMIN_LINKS, CUSTOMER_LINKS } from "./nav-items.ts";
import { UserButton } from "./user-button.tsx";

/** The signed-in dropdown: the customer's or the admin's links, then Logout (its own chunk). */
export function UserDropdown({ userInfo, onLogout }: { userInfo: UserInfo; onLogout: () => void }) {
  const links = userInfo.isAdmin ? ADMIN_LINKS : CUSTOMER_LINKS;
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <UserButton name={userInfo.name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{userInfo.isAdmin ? "Administrator" : "My account"}</Menu.Label>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
