import { Group, Image, Stack, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import classes from "./product-page.module.css";

/** The main picture and its thumbnails; a thumbnail switches the main picture. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    <Stack gap="sm">
      <Image
        src={main}
        alt={name}
        width={800}
        height={600}
        radius="lg"
        fit="cover"
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
              <Image
                src={src}
                alt=""
                width={80}
                height={80}
                w={80}
                h={80}
                radius="md"
                fit="cover"
                loading="lazy"
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
