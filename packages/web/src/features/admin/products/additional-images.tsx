import { ActionIcon, Group, Input, Stack, Text } from "@mantine/core";
import { fixedSize } from "../../../components/image-sizes.ts";
import { Picture, THUMB_STYLE } from "../../../components/picture.tsx";
import { notifySuccess } from "../../../lib/notify.ts";

/** The Additional Images list: each removable; removing only changes the form until Update (docs/product.md §4). */
export function AdditionalImages({
  images,
  onChange,
}: {
  images: string[];
  onChange: (images: string[]) => void;
}) {
  const remove = (index: number) => {
    onChange(images.filter((_, i) => i !== index));
    notifySuccess("Image removed successfully. click Update to apply it");
  };
  return (
    <Input.Wrapper label="Additional Images">
      <Stack gap={6} mt={4}>
        {images.length === 0 && (
          <Text c="dimmed" size="sm">
            No additional images
          </Text>
        )}
        {images.map((url, index) => (
          <Group key={url} gap="sm" wrap="nowrap">
            <Picture
              src={url}
              alt=""
              sizes={fixedSize(40)}
              width={40}
              height={40}
              style={{ ...THUMB_STYLE, width: 40, height: 40, borderRadius: "var(--mantine-radius-sm)" }}
            />
            <Text size="sm" style={{ flex: 1, wordBreak: "break-all" }}>
              {url}
            </Text>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={`Remove image ${index + 1}`}
              onClick={() => remove(index)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
