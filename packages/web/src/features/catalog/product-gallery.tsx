import { Group, Stack, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { IMAGE_SIZES } from "../../components/image-sizes.ts";
import { Picture } from "../../components/picture.tsx";
import classes from "./product-page.module.css";

/** The main picture and its thumbnails; a thumbnail switches the main picture. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    <Stack gap="sm">
      <Picture
        src={main as string}
        alt={name}
        sizes={IMAGE_SIZES.product}
        width={800}
        height={600}
        className={classes.mainImage}
        fetchPriority="high"
      />
      {images.length > 1 && (
        <Group gap="sm" role="group" aria-label="Product pictures">
          {images.map((src, index) => (
            <UnstyledButton
              key={src}
              onClick={() => setSelected(index)}
              aria-label={`Show picture ${index + 1} of ${name}`}
              aria-pressed={index === selected}
              className={classes.thumb}
              data-selected={index === selected || undefined}
            >
              <Picture
                src={src}
                alt=""
                sizes={IMAGE_SIZES.thumb}
                width={80}
                height={80}
                className={classes.thumbImage}
                loading="lazy"
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
