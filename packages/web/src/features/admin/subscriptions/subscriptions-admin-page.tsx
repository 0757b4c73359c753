import type { Subscription } from "@fruit/core/browser/subscriptions";
import { Badge, Table } from "@mantine/core";
import { AdminPage } from "../shared/admin-page.tsx";
import { AdminTable } from "../shared/admin-table.tsx";
import { money } from "../shared/format.ts";
import { Pager } from "../shared/list-controls.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminPage } from "../shared/use-admin-swr.ts";
import { usePageStack } from "../shared/use-page-stack.ts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const STATUS_COLOR = { active: "green", paused: "yellow", cancelled: "gray" } as const;

/**
 * /admin/subscriptions — every subscription, newest first, 25 a page (GET /api/subscriptions):
 * its customer, window and cadence, items, next box and state (docs/decisions/051-standing-orders.md).
 */
export function SubscriptionsAdminPage() {
  const pages = usePageStack("/api/subscriptions?limit=25");
  const { data, error, isLoading } = useAdminPage<Subscription>(pages.key);
  return (
    <AdminPage title="Subscriptions">
      {isLoading && !data ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <AdminTable
            headers={["CUSTOMER", "WINDOW", "ITEMS", "NEXT BOX", "STATE"]}
            empty={data.items.length === 0 && "No subscriptions yet"}
          >
            {data.items.map((sub) => (
              <Table.Tr key={sub._id} data-testid="subscription-row">
                <Table.Td>{sub.user?.name ?? "(deleted account)"}</Table.Td>
                <Table.Td>
                  {WEEKDAYS[sub.window.weekday]} {sub.window.start}–{sub.window.end}
                  {sub.every === 2 ? ", every other week" : ""}
                </Table.Td>
                <Table.Td>
                  {sub.items.map((item) => `${item.name ?? item._id} × ${item.quantity}`).join(", ")}
                </Table.Td>
                <Table.Td>
                  {sub.next ? `${sub.next.date} (~${money(sub.next.estimatedTotal)})` : "—"}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[sub.status]} variant="light">
                    {sub.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
          <Pager pages={pages} next={data.next} loading={isLoading} />
        </>
      )}
    </AdminPage>
  );
}
