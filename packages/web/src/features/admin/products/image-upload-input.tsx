import { UPLOAD_CONTENT_TYPES } from "@fruit/core/browser/uploads/upload.schema";
import { Input, Progress, Stack } from "@mantine/core";
import { useId, useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { uploadImage } from "./api/upload-image.ts";

/**
 * A file field that uploads the chosen image at once (with a progress bar) and hands back its address;
 * the form only changes, nothing is saved until Update (docs/product.md §4).
 */
export function ImageUploadInput({
  label,
  onUploaded,
}: {
  label: string;
  onUploaded: (url: string) => void;
}) {
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setPercent(0);
    try {
      const url = await uploadImage(file, setPercent);
      onUploaded(url);
      notifySuccess("Image uploaded successfully. click Update to apply it");
    } catch (error) {
      notifyError(error);
    } finally {
      setPercent(null);
      input.value = "";
    }
  };

  return (
    <Input.Wrapper label={label} labelProps={{ htmlFor: id }}>
      <Stack gap={4}>
        <input
          id={id}
          type="file"
          accept={UPLOAD_CONTENT_TYPES.join(",")}
          disabled={percent !== null}
          onChange={(event) => void upload(event.currentTarget)}
        />
        {percent !== null && <Progress value={percent} animated aria-label={`${label} progress`} size="lg" />}
      </Stack>
    </Input.Wrapper>
  );
}
