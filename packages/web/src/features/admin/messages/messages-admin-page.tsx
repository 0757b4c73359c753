import type { ContactMessage, NewsletterSubscriber } from "@fruit/core/browser/contact";
import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { AdminPage } from "../shared/admin-page.tsx";
import { AdminTable } from "../shared/admin-table.tsx";
import { Pager } from "../shared/list-controls.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminPage } from "../shared/use-admin-swr.ts";
import { usePageStack } from "../shared/use-page-stack.ts";

/** How many messages a page holds. */
export const MESSAGES_PAGE_SIZE = 25;

/**
 * /admin/messages — the contact form's messages, newest first, 25 a page with Previous / Next
 * (`GET /api/contact-messages`), each with its sender to reply to; and the newsletter's confirmed
 * subscribers (`GET /api/newsletter/subscribers`), a page at a time.
 */
export function MessagesAdminPage() {
  const pages = usePageStack(`/api/contact-messages?limit=${MESSAGES_PAGE_SIZE}`);
  const { data, error, isLoading } = useAdminPage<ContactMessage>(pages.key);
  const subscribers = useAdminPage<NewsletterSubscriber>(
    `/api/newsletter/subscribers?limit=${MESSAGES_PAGE_SIZE}`,
  );
  return (
    <AdminPage title="Messages">
      {isLoading && !data ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <AdminTable
            headers={["RECEIVED", "FROM", "SUBJECT", "MESSAGE"]}
            empty={data.items.length === 0 && "No messages yet"}
          >
            {data.items.map((message) => (
              <Table.Tr key={message._id}>
                <Table.Td fz="sm">{message.createdAt.substring(0, 16).replace("T", " ")}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{message.name}</Text>
                    <Anchor size="sm" href={`mailto:${message.email}`}>
                      {message.email}
                    </Anchor>
                    {message.phone && <Text size="xs">{message.phone}</Text>}
                  </Stack>
                </Table.Td>
                <Table.Td>{message.subject}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {message.message}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
          <Pager pages={pages} next={data.next} loading={isLoading} />
        </>
      )}
      <Title order={2} size="h4" mt="xl">
        Newsletter subscribers
      </Title>
      {subscribers.data ? (
        <AdminTable
          headers={["E-MAIL", "CONFIRMED"]}
          empty={subscribers.data.items.length === 0 && "No subscribers yet"}
        >
          {subscribers.data.items.map((subscriber) => (
            <Table.Tr key={subscriber.email}>
              <Table.Td>{subscriber.email}</Table.Td>
              <Table.Td fz="sm">{subscriber.confirmedAt.substring(0, 10)}</Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      ) : subscribers.error ? (
        <ErrorState error={subscribers.error} />
      ) : (
        <LoadingState />
      )}
    </AdminPage>
  );
}
