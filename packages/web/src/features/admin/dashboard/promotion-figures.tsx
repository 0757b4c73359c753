import type { Summary } from "@fruit/core/browser/stats";
import { Table, Title } from "@mantine/core";
import { AdminTable } from "../shared/admin-table.tsx";
import { money } from "../shared/format.ts";

/**
 * Per promotion code, the orders placed with it and what it took off (docs/decisions/049), kept by
 * the stream like the other figures; the Total Sales card is already net of them. Nothing while no
 * order used a code.
 */
export function PromotionFigures({ promotions }: { promotions: Summary["promotions"] }) {
  if (!promotions || promotions.length === 0) return null;
  return (
    <>
      <Title order={2} size="h4">
        Promotions
      </Title>
      <AdminTable headers={["CODE", "ORDERS", "DISCOUNT GIVEN"]} empty={false}>
        {promotions.map((promotion) => (
          <Table.Tr key={promotion._id}>
            <Table.Td fw={600}>{promotion._id}</Table.Td>
            <Table.Td>{promotion.uses}</Table.Td>
            <Table.Td>{money(promotion.discount)}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    </>
  );
}
