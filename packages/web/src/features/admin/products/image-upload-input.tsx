import { UPLOAD_CONTENT_TYPES } from "@fruit/core/browser/uploads";
import { Input, Progress, Stack, Text } from "@mantine/core";
import { useId, useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { uploadImage, waitForVariants } from "./api/upload-image.ts";

/** What the field says after the upload itself: the image function's progress or its refusal. */
type Status = { tone: "info" | "error"; text: string } | null;

/**
 * A file field that uploads the chosen image at once (with a progress bar), waits until the image
 * function has made its sizes (docs/decisions/029-image-variants.md) and hands back its address;
 * a file the function refuses (not an image, damaged, too many pixels) is reported here and not
 * handed back. The form only changes, nothing is saved until Update (docs/product.md §4).
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
  const [status, setStatus] = useState<Status>(null);

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setPercent(0);
    setStatus(null);
    try {
      const { id, secure_url } = await uploadImage(file, setPercent);
      setStatus({ tone: "info", text: "Uploaded; making the image's sizes…" });
      const state = await waitForVariants(id);
      if (state.state === "failed") {
        setStatus({ tone: "error", text: `The image was refused: ${state.message}` });
        return;
      }
      setStatus(
        state.state === "pending"
          ? { tone: "info", text: "The image's sizes are still being made; they will show once ready" }
          : null,
      );
      onUploaded(secure_url);
      notifySuccess("Image uploaded successfully. click Update to apply it");
    } catch (error) {
      setStatus(null);
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
        {status && (
          <Text
            size="sm"
            c={status.tone === "error" ? "red.8" : "dimmed"}
            role={status.tone === "error" ? "alert" : "status"}
          >
            {status.text}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
