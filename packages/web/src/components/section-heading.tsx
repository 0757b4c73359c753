import { Stack, Text, Title } from "@mantine/core";

/** The small overline + title + lead every home and about section starts with. */
export function SectionHeading({
  overline,
  title,
  lead,
  id,
}: {
  overline: string;
  title: string;
  lead?: string;
  id?: string;
}) {
  return (
    <Stack gap={4} align="center" ta="center" mb="xl">
      <Text c="orange.8" fw={800} tt="uppercase" size="sm" style={{ letterSpacing: "0.12em" }}>
        {overline}
      </Text>
      <Title order={2} id={id}>
        {title}
      </Title>
      {lead && (
        <Text c="dimmed" maw={560}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}
