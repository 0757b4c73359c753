import type { DeliveryRules, DeliveryWindow } from "@fruit/core/browser/delivery";
import { Button, Card, Group, NumberInput, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { CALENDAR_KEY, RULES_KEY, saveRules } from "./api.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const NEW_WINDOW: DeliveryWindow = {
  weekday: 6,
  start: "09:00",
  end: "11:00",
  capacity: 10,
  cutoffMinutes: 360,
};

/**
 * The rules editor: the shop's zone, how many days ahead shoppers may book, the weekly windows (day,
 * start and end on the shop's clock, seats, cut-off in minutes before the start) and closed dates.
 * The server validates and refuses a capacity below what a window has booked (409, shown as a toast).
 */
/** A window row of the form: the window and a key that stays with the row while others are removed. */
type Row = DeliveryWindow & { row: number };
let rows = 0;
const withRows = (rules: DeliveryRules): Omit<DeliveryRules, "windows"> & { windows: Row[] } => ({
  ...rules,
  windows: rules.windows.map((window) => ({ ...window, row: ++rows })),
});
const withoutRows = (windows: Row[]): DeliveryWindow[] => windows.map(({ row: _row, ...window }) => window);

export function RulesForm({ rules }: { rules: DeliveryRules }) {
  const [draft, setDraft] = useState(() => withRows(rules));
  const [closed, setClosed] = useState(rules.closedDates.join("\n"));
  const { run, pending } = useAdminAction();
  const { mutate } = useSWRConfig();
  const setWindow = (index: number, patch: Partial<DeliveryWindow>) =>
    setDraft((d) => ({ ...d, windows: d.windows.map((w, i) => (i === index ? { ...w, ...patch } : w)) }));

  const save = () =>
    run(async () => {
      const closedDates = closed
        .split(/[\s,]+/)
        .map((date) => date.trim())
        .filter(Boolean);
      const saved = await saveRules({ ...draft, windows: withoutRows(draft.windows), closedDates });
      setDraft(withRows(saved));
      await Promise.all([mutate(RULES_KEY, saved), mutate(CALENDAR_KEY)]);
      notifySuccess("Delivery rules saved");
    });

  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Rules
        </Title>
        <Group grow>
          <TextInput
            label="Time zone"
            value={draft.timeZone}
            onChange={(e) => setDraft({ ...draft, timeZone: e.currentTarget.value })}
          />
          <NumberInput
            label="Days ahead shoppers may book"
            min={1}
            max={28}
            value={draft.bookingDays}
            onChange={(value) => setDraft({ ...draft, bookingDays: Number(value) || 1 })}
          />
        </Group>
        {draft.windows.map((window, index) => (
          <Group key={window.row} align="end" wrap="wrap" data-testid="rules-window">
            <Select
              label="Day"
              data={WEEKDAYS.map((label, value) => ({ label, value: String(value) }))}
              value={String(window.weekday)}
              onChange={(value) => setWindow(index, { weekday: Number(value ?? 0) })}
              w={140}
            />
            <TextInput
              label="Start"
              value={window.start}
              onChange={(e) => setWindow(index, { start: e.currentTarget.value })}
              w={90}
            />
            <TextInput
              label="End"
              value={window.end}
              onChange={(e) => setWindow(index, { end: e.currentTarget.value })}
              w={90}
            />
            <NumberInput
              label="Seats"
              min={0}
              value={window.capacity}
              onChange={(value) => setWindow(index, { capacity: Number(value) || 0 })}
              w={100}
            />
            <NumberInput
              label="Cut-off (minutes before)"
              min={0}
              value={window.cutoffMinutes}
              onChange={(value) => setWindow(index, { cutoffMinutes: Number(value) || 0 })}
              w={190}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDraft({ ...draft, windows: draft.windows.filter((_, i) => i !== index) })}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            onClick={() =>
              setDraft({ ...draft, windows: [...draft.windows, { ...NEW_WINDOW, row: ++rows }] })
            }
          >
            Add a window
          </Button>
        </Group>
        <Textarea
          label="Closed dates (YYYY-MM-DD, one a line)"
          autosize
          minRows={2}
          value={closed}
          onChange={(e) => setClosed(e.currentTarget.value)}
        />
        <Group>
          <Button onClick={save} loading={pending}>
            Save rules
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
