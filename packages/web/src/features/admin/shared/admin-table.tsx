import { Button, Group, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/**
 * The admin lists' table: striped, and scrolling sideways on a phone instead of squeezing columns
 * (by keyboard too: its scrolling box takes focus).
 * While `empty` is a text, one dimmed row spanning every column says so ("No orders yet").
 */
export function AdminTable({
  headers,
  empty,
  children,
}: {
  headers: string[];
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    // Focusable, so a keyboard can scroll it sideways too (a table without buttons has nothing else
    // to focus in it: axe's scrollable-region-focusable, WCAG 2.1.1).
    <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empty && (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>
                <Text c="dimmed">{empty}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's ACTIONS cell: a link to the row's screen (`label`: Details, Edit) and Delete. */
export function RowActions({
  to,
  label,
  deleting,
  onDelete,
}: {
  to: string;
  label: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="light" component={Link} to={to}>
          {label}
        </Button>
        <Button size="xs" color="red" variant="light" disabled={deleting} onClick={onDelete}>
          Delete
        </Button>
      </Group>
    </Table.Td>
  );
}
