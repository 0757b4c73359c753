import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The admin lists' table: striped, and scrolling sideways on a phone instead of squeezing columns.
 */
export function AdminTable({ headers, children }: { headers: string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
