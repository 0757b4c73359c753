import {
  Button,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { ZoneDraft } from "./zone-draft.ts";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** One zone of the zones editor: its id and name, where it is, its amounts and its route days. */
export function ZoneRow({
  draft,
  onChange,
  onRemove,
}: {
  draft: ZoneDraft;
  onChange: (patch: Partial<ZoneDraft>) => void;
  onRemove: () => void;
}) {
  return (
    <Stack
      gap="xs"
      data-testid="zone-row"
      p="sm"
      style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
    >
      <Group align="end" wrap="wrap">
        <TextInput
          label="Id"
          value={draft.id}
          onChange={(e) => onChange({ id: e.currentTarget.value })}
          w={140}
        />
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          w={220}
        />
        <SegmentedControl
          aria-label="Where the zone is"
          value={draft.kind}
          onChange={(kind) => onChange({ kind: kind as ZoneDraft["kind"] })}
          data={[
            { label: "Postal prefixes", value: "postal" },
            { label: "Polygon", value: "polygon" },
            { label: "Circle", value: "circle" },
          ]}
        />
      </Group>
      {draft.kind === "circle" ? (
        <Group>
          <TextInput
            label="Centre lat"
            value={draft.centreLat}
            onChange={(e) => onChange({ centreLat: e.currentTarget.value })}
            w={130}
          />
          <TextInput
            label="Centre lng"
            value={draft.centreLng}
            onChange={(e) => onChange({ centreLng: e.currentTarget.value })}
            w={130}
          />
          <TextInput
            label="Radius (km)"
            value={draft.radiusKm}
            onChange={(e) => onChange({ radiusKm: e.currentTarget.value })}
            w={110}
          />
        </Group>
      ) : (
        <Textarea
          label={draft.kind === "postal" ? "Postal prefixes (H2X, H2W…)" : "Corners, one “lat, lng” a line"}
          autosize
          minRows={2}
          value={draft.text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
        />
      )}
      <Group align="end" wrap="wrap">
        <NumberInput
          label="Fee ($)"
          min={0}
          decimalScale={2}
          value={draft.fee}
          onChange={(v) => onChange({ fee: Number(v) || 0 })}
          w={110}
        />
        <NumberInput
          label="Free over ($, empty: never)"
          min={0}
          decimalScale={2}
          value={draft.freeOver}
          onChange={(v) => onChange({ freeOver: v === "" ? "" : Number(v) })}
          w={190}
        />
        <NumberInput
          label="Minimum basket ($)"
          min={0}
          decimalScale={2}
          value={draft.minimumItemsPrice}
          onChange={(v) => onChange({ minimumItemsPrice: Number(v) || 0 })}
          w={160}
        />
        <Button variant="subtle" color="red" onClick={onRemove}>
          Remove
        </Button>
      </Group>
      <Chip.Group
        multiple
        value={draft.weekdays.map(String)}
        onChange={(days) => onChange({ weekdays: days.map(Number) })}
      >
        <Group gap={4} aria-label="Route days (none: every day)">
          {DAYS.map((day, index) => (
            <Chip key={day} value={String(index)} size="xs">
              {day}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
