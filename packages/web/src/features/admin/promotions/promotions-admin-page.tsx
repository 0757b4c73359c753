import type { Promotion, PromotionInput } from "@fruit/core/browser/promotions";
import { Badge, Button, Card, Group, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { AdminTable } from "../shared/admin-table.tsx";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { money } from "../shared/format.ts";
import { Pager } from "../shared/list-controls.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useAdminPage } from "../shared/use-admin-swr.ts";
import { usePageStack } from "../shared/use-page-stack.ts";
import { createPromotion, deletePromotion, PROMOTIONS_KEY, updatePromotion, useShopTimeZone } from "./api.ts";
import { PromotionForm } from "./promotion-form.tsx";
import { toWallClock } from "./zoned-input.ts";

const PAGE_SIZE = 25;

const takesOff = (p: Promotion) =>
  p.kind === "percent" ? `${p.value} %` : p.kind === "amount" ? money(p.value) : "Free shipping";

/**
 * /admin/promotions — the shop's codes, newest first, 25 a page: what each takes off, when it holds
 * (on the shop's clock: the delivery rules' time zone), its uses against its limit; a form to create
 * or edit one, and Delete (docs/decisions/049-promotions-split-to-the-cent.md).
 */
export function PromotionsAdminPage() {
  const pages = usePageStack(`${PROMOTIONS_KEY}?limit=${PAGE_SIZE}`);
  const { data, error, isLoading } = useAdminPage<Promotion>(pages.key);
  const timeZone = useShopTimeZone() ?? "UTC";
  const [editing, setEditing] = useState<Promotion | "new" | null>(null);
  const { run, pending } = useAdminAction();
  const [confirm, confirmDialog] = useConfirm();
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => typeof key === "string" && key.startsWith(PROMOTIONS_KEY));

  const save = async (input: PromotionInput) => {
    const target = editing;
    const ok = await run(async () => {
      if (target === "new") await createPromotion(input);
      else if (target) await updatePromotion(target._id, input);
      notifySuccess(target === "new" ? "Promotion created" : "Promotion saved");
    });
    if (ok) {
      setEditing(null);
      await refresh();
    }
  };
  const remove = async (promotion: Promotion) => {
    if (!(await confirm(`Delete the code ${promotion.code}? Orders keep their discount.`))) return;
    if (await run(async () => void (await deletePromotion(promotion._id)))) await refresh();
  };
  const when = (iso: string | null) => (iso ? toWallClock(iso, timeZone).replace("T", " ") : "—");

  return (
    <AdminPage
      title="Promotions"
      actions={
        editing === null && (
          <Button onClick={() => setEditing("new")} radius="xl">
            New promotion
          </Button>
        )
      }
    >
      {confirmDialog}
      {editing !== null && (
        <Card withBorder radius="lg" padding="lg">
          <PromotionForm
            key={editing === "new" ? "new" : editing._id}
            promotion={editing === "new" ? undefined : editing}
            timeZone={timeZone}
            saving={pending}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        </Card>
      )}
      {isLoading && !data ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <AdminTable
            headers={["CODE", "TAKES OFF", `HOLDS (${timeZone})`, "USES", "STATE", "ACTIONS"]}
            empty={data.items.length === 0 && "No promotions yet"}
          >
            {data.items.map((promotion) => (
              <Table.Tr key={promotion._id}>
                <Table.Td fw={600}>{promotion.code}</Table.Td>
                <Table.Td>
                  {takesOff(promotion)}
                  {promotion.minItemsPrice > 0 && (
                    <Text size="xs">from {money(promotion.minItemsPrice)}</Text>
                  )}
                </Table.Td>
                <Table.Td fz="sm">
                  {when(promotion.startsAt)} → {when(promotion.endsAt)}
                </Table.Td>
                <Table.Td>
                  {promotion.uses}
                  {promotion.usageLimit !== null && ` / ${promotion.usageLimit}`}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={promotion.active ? "green" : "gray"} variant="light">
                      {promotion.active ? "Active" : "Off"}
                    </Badge>
                    {promotion.firstOrderOnly && <Badge variant="light">First order</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(promotion)}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={pending}
                      onClick={() => remove(promotion)}
                    >
                      Delete
                    </Button>
                  </Group>
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
