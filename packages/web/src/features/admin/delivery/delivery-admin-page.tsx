import { Badge, Button, Card, Group, Stack, Table, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useSWRConfig } from "swr";
import { AdminPage } from "../shared/admin-page.tsx";
import { AdminTable } from "../shared/admin-table.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { CALENDAR_KEY, changeSlot, useCalendar, useRules, useZones } from "./api.ts";
import { ForecastTable } from "./forecast-table.tsx";
import { RulesForm } from "./rules-form.tsx";
import { ZonesForm } from "./zones-form.tsx";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-CA", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * /admin/delivery — the rules editor, the zones editor, the two-week calendar of booked/capacity per
 * window and the printable harvest forecast.
 */
export function DeliveryAdminPage() {
  const rules = useRules();
  const calendar = useCalendar();
  const zones = useZones();
  const { run, pending } = useAdminAction();
  const { mutate } = useSWRConfig();
  const toggle = (id: string, closed: boolean) =>
    run(async () => {
      await changeSlot(id, { closed });
      await mutate(CALENDAR_KEY);
    });
  return (
    <AdminPage title="Delivery">
      {rules.isLoading ? (
        <LoadingState />
      ) : rules.error || !rules.data ? (
        <ErrorState error={rules.error} />
      ) : (
        <RulesForm rules={rules.data} />
      )}
      {zones.isLoading ? (
        <LoadingState />
      ) : zones.error || !zones.data ? (
        <ErrorState error={zones.error} />
      ) : (
        <ZonesForm zones={zones.data} />
      )}
      <Card withBorder radius="lg" padding="lg" component="section">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Next two weeks
          </Title>
          {calendar.isLoading ? (
            <LoadingState />
          ) : calendar.error || !calendar.data ? (
            <ErrorState error={calendar.error} />
          ) : (
            <AdminTable
              headers={["DAY", "WINDOW", "BOOKED / SEATS", "CUT-OFF", "STATE", ""]}
              empty={calendar.data.length === 0 && "No delivery windows in the next two weeks"}
            >
              {calendar.data.map((slot) => (
                <Table.Tr key={slot.id} data-testid="calendar-window">
                  <Table.Td>{slot.date}</Table.Td>
                  <Table.Td>
                    {slot.start}–{slot.end}
                  </Table.Td>
                  <Table.Td>
                    {slot.booked} / {slot.capacity}
                  </Table.Td>
                  <Table.Td>{when(slot.cutoffAt)}</Table.Td>
                  <Table.Td>
                    {slot.closed ? (
                      <Badge color="gray">Closed</Badge>
                    ) : slot.remaining === 0 ? (
                      <Badge color="orange">Full</Badge>
                    ) : (
                      <Badge color="green" variant="light">
                        Open
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component={Link}
                        to={`/admin/delivery/${slot.id}/picklist`}
                        size="xs"
                        variant="light"
                      >
                        Pick list
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={pending}
                        onClick={() => toggle(slot.id, !slot.closed)}
                      >
                        {slot.closed ? "Reopen" : "Close"}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </AdminTable>
          )}
        </Stack>
      </Card>
      <ForecastTable />
    </AdminPage>
  );
}
