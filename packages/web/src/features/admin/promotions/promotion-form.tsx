import { PROMOTION_KINDS } from "@fruit/core/browser/money";
import { type Promotion, type PromotionInput, PromotionInputSchema } from "@fruit/core/browser/promotions";
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import * as v from "valibot";
import { fromWallClock, toWallClock } from "./zoned-input.ts";

const KIND_LABELS: Record<(typeof PROMOTION_KINDS)[number], string> = {
  percent: "Percent off",
  amount: "Amount off ($)",
  freeShipping: "Free shipping",
};

/** The form's fields as typed (numbers as Mantine gives them, lists as comma-separated text). */
interface Draft {
  code: string;
  kind: string;
  value: number | string;
  minItemsPrice: number | string;
  startsAt: string;
  endsAt: string;
  usageLimit: number | string;
  perCustomerLimit: number | string;
  firstOrderOnly: boolean;
  products: string;
  categories: string;
  active: boolean;
}

const draftOf = (promotion: Promotion | undefined, timeZone: string): Draft => ({
  code: promotion?.code ?? "",
  kind: promotion?.kind ?? "percent",
  value: promotion?.value ?? "",
  minItemsPrice: promotion?.minItemsPrice ?? 0,
  startsAt: toWallClock(promotion?.startsAt ?? null, timeZone),
  endsAt: toWallClock(promotion?.endsAt ?? null, timeZone),
  usageLimit: promotion?.usageLimit ?? "",
  perCustomerLimit: promotion?.perCustomerLimit ?? "",
  firstOrderOnly: promotion?.firstOrderOnly ?? false,
  products: (promotion?.products ?? []).join(", "),
  categories: (promotion?.categories ?? []).join(", "),
  active: promotion?.active ?? true,
});

const list = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
const countOrNull = (value: number | string) => (value === "" ? null : Number(value));

/** The draft as the API's body, checked with the server's own schema: the body, or the first problem. */
export function inputOf(draft: Draft, timeZone: string): { input: PromotionInput } | { problem: string } {
  const parsed = v.safeParse(PromotionInputSchema, {
    code: draft.code,
    kind: draft.kind,
    value: draft.kind === "freeShipping" ? 0 : Number(draft.value || 0),
    minItemsPrice: Number(draft.minItemsPrice || 0),
    startsAt: fromWallClock(draft.startsAt, timeZone),
    endsAt: fromWallClock(draft.endsAt, timeZone),
    usageLimit: countOrNull(draft.usageLimit),
    perCustomerLimit: countOrNull(draft.perCustomerLimit),
    firstOrderOnly: draft.firstOrderOnly,
    products: list(draft.products),
    categories: list(draft.categories),
    active: draft.active,
  });
  return parsed.success ? { input: parsed.output } : { problem: parsed.issues[0].message };
}

/**
 * A promotion's form (new, or `promotion` to edit): its times typed and shown on the shop's clock
 * (`timeZone`), checked with the API's schema before it is sent.
 */
export function PromotionForm({
  promotion,
  timeZone,
  saving,
  onSave,
  onCancel,
}: {
  promotion?: Promotion | undefined;
  timeZone: string;
  saving: boolean;
  onSave: (input: PromotionInput) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(promotion, timeZone));
  const [problem, setProblem] = useState<string | null>(null);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft({ ...draft, [key]: value });
  const submit = () => {
    const result = inputOf(draft, timeZone);
    if ("problem" in result) setProblem(result.problem);
    else {
      setProblem(null);
      onSave(result.input);
    }
  };
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Code"
          required
          value={draft.code}
          onChange={(e) => set("code")(e.currentTarget.value)}
        />
        <Select
          label="Kind"
          data={PROMOTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          value={draft.kind}
          onChange={(kind) => set("kind")(kind ?? "percent")}
          allowDeselect={false}
        />
        <NumberInput
          label={draft.kind === "percent" ? "Percent" : "Amount ($)"}
          disabled={draft.kind === "freeShipping"}
          value={draft.value}
          onChange={set("value")}
          min={0}
          decimalScale={2}
        />
        <NumberInput
          label="Minimum items ($)"
          value={draft.minItemsPrice}
          onChange={set("minItemsPrice")}
          min={0}
          decimalScale={2}
        />
        <TextInput
          label={`Starts (${timeZone})`}
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => set("startsAt")(e.currentTarget.value)}
        />
        <TextInput
          label={`Ends (${timeZone})`}
          type="datetime-local"
          value={draft.endsAt}
          onChange={(e) => set("endsAt")(e.currentTarget.value)}
        />
        <NumberInput
          label="Uses in total (empty: no limit)"
          value={draft.usageLimit}
          onChange={set("usageLimit")}
          min={1}
        />
        <NumberInput
          label="Uses per customer (empty: no limit)"
          value={draft.perCustomerLimit}
          onChange={set("perCustomerLimit")}
          min={1}
        />
        <TextInput
          label="Categories (comma-separated; empty: all)"
          value={draft.categories}
          onChange={(e) => set("categories")(e.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label="Product ids (comma-separated; empty with no categories: every line)"
        value={draft.products}
        onChange={(e) => set("products")(e.currentTarget.value)}
      />
      <Group gap="lg">
        <Checkbox
          label="First order only"
          checked={draft.firstOrderOnly}
          onChange={(e) => set("firstOrderOnly")(e.currentTarget.checked)}
        />
        <Checkbox
          label="Active"
          checked={draft.active}
          onChange={(e) => set("active")(e.currentTarget.checked)}
        />
      </Group>
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Group gap="sm">
        <Button type="submit" loading={saving}>
          {promotion ? "Save" : "Create"}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
