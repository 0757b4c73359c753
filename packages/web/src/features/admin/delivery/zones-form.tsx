import type { Zones } from "@fruit/core/browser/zones";
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { saveZones, ZONES_KEY } from "./api.ts";
import { fromDraft, newZoneDraft, toDraft, type ZoneDraft } from "./zone-draft.ts";
import { ZoneRow } from "./zone-row.tsx";
import { ZonesMap } from "./zones-map.tsx";

/**
 * The zones editor (docs/decisions/046-zones-and-tax-classes.md): each zone's postal prefixes,
 * polygon corners or circle, its fee, free-over amount, minimum basket and route days. With no zone,
 * the shop's one rule holds everywhere ($10, free over $100). The server validates and names the field.
 */
export function ZonesForm({ zones }: { zones: Zones }) {
  const [drafts, setDrafts] = useState<ZoneDraft[]>(() => zones.zones.map(toDraft));
  const { run, pending } = useAdminAction();
  const { mutate } = useSWRConfig();
  const change = (row: number, patch: Partial<ZoneDraft>) =>
    setDrafts((all) => all.map((d) => (d.row === row ? { ...d, ...patch } : d)));
  const save = () =>
    run(async () => {
      const saved = await saveZones({ zones: drafts.map(fromDraft) });
      setDrafts(saved.zones.map(toDraft));
      await mutate(ZONES_KEY, saved);
      notifySuccess("Delivery zones saved");
    });
  return (
    <Card withBorder radius="lg" padding="lg" component="section">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Zones
        </Title>
        <Text size="sm" c="dimmed">
          {drafts.length === 0
            ? "No zones: every address is delivered for $10, free over $100."
            : "Orders outside every zone are refused. Where zones overlap, the cheapest for the basket applies; a map location wins over the postal code."}
        </Text>
        <ZonesMap zones={drafts.map(fromDraft)} />
        {drafts.map((draft) => (
          <ZoneRow
            key={draft.row}
            draft={draft}
            onChange={(patch) => change(draft.row, patch)}
            onRemove={() => setDrafts((all) => all.filter((d) => d.row !== draft.row))}
          />
        ))}
        <Group>
          <Button variant="light" onClick={() => setDrafts((all) => [...all, newZoneDraft()])}>
            Add a zone
          </Button>
          <Button onClick={save} loading={pending}>
            Save zones
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
