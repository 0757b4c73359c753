import { formatMoney, formatQuantity, perUnitLabel, toDollars } from "@fruit/core/browser/money";
import { MAX_LINE_QUANTITY, type OrderLine } from "@fruit/core/browser/orders";
import { Badge, Card, Group, NumberInput, Stack, Switch, Text } from "@mantine/core";
import { SUBSTITUTE_LABELS } from "../../orders/index.ts";
import type { LineDraft, LineErrors } from "./picking.ts";
import { SubstitutePicker } from "./substitute-picker.tsx";

/** "$8.89", or "—" while the line's amounts are not all filled in. */
const cents = (amount: number | undefined) => (amount === undefined ? "—" : formatMoney(toDollars(amount)));

/**
 * One order line on the picking screen: what was ordered and the shopper's substitute choice, the
 * amount picked in the line's unit (kg to the gram, whole pieces) or Unavailable, where the shopper
 * allowed it the product put in its place, and what the line costs as picked.
 */
export function PickLine({
  line,
  draft,
  errors,
  amount,
  exclude,
  onChange,
}: {
  line: OrderLine;
  draft: LineDraft;
  errors: LineErrors | undefined;
  /** The preview's cents of the line and of its substitute (undefined while the form is incomplete). */
  amount: { cents: number; substituteCents: number | undefined } | undefined;
  exclude: readonly string[];
  onChange: (draft: LineDraft) => void;
}) {
  const allowed = line.substitute === "allowed";
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={line.name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{line.name}</Text>
          <Badge color={allowed ? "teal" : "gray"} variant="light">
            {SUBSTITUTE_LABELS[line.substitute]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Ordered {formatQuantity(line.unit, line.quantity)} × {formatMoney(line.price)} /{" "}
          {perUnitLabel(line.unit)}
        </Text>
        <Group align="flex-end" gap="md">
          <NumberInput
            label={line.unit === "kg" ? "Picked (kg)" : "Picked (pieces)"}
            w={160}
            min={0}
            max={MAX_LINE_QUANTITY}
            step={line.step}
            decimalScale={line.unit === "kg" ? 3 : 0}
            allowDecimal={line.unit === "kg"}
            disabled={draft.unavailable}
            description={
              !draft.unavailable && Number(draft.picked) > line.quantity
                ? "More than ordered: charged as ordered"
                : undefined
            }
            value={draft.unavailable ? 0 : draft.picked}
            error={errors?.picked}
            onChange={(picked) => onChange({ ...draft, picked })}
          />
          <Switch
            label="Unavailable"
            mb={8}
            checked={draft.unavailable}
            onChange={(event) =>
              onChange({ ...draft, unavailable: event.currentTarget.checked, substitute: null })
            }
          />
          <Text ml="auto" mb={8}>
            As picked: <b>{cents(amount?.cents)}</b>
          </Text>
        </Group>
        {draft.unavailable &&
          (allowed ? (
            <>
              <SubstitutePicker
                line={line}
                exclude={exclude}
                value={draft.substitute}
                error={errors?.substitute}
                onChange={(substitute) => onChange({ ...draft, substitute })}
              />
              {draft.substitute && (
                <Text size="sm" ta="right">
                  {draft.substitute.product.name} in place of {line.name}:{" "}
                  <b>{cents(amount?.substituteCents)}</b>
                </Text>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              The shopper asked for no substitute: the line is left out.
            </Text>
          ))}
      </Stack>
    </Card>
  );
}
