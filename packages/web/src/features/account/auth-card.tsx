import { Center, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LeafIcon } from "../../components/icons.tsx";

/** The framed card the sign-in and register forms sit in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Center py={{ base: "lg", sm: 56 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: 36 }} w="100%" maw={440}>
        <Center c="green.7" mb="xs">
          <LeafIcon size={36} />
        </Center>
        <Title order={1} ta="center" size="h2">
          {title}
        </Title>
        <Text c="dimmed" ta="center" size="sm" mb="lg">
          {subtitle}
        </Text>
        {children}
      </Paper>
    </Center>
  );
}
