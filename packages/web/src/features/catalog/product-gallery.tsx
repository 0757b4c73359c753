import { Group, Stack, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { IMAGE_SIZES } from "../../components/image-sizes.ts";
import { Picture } from "../../components/picture.tsx";
import { useT } from "../../i18n/intl.tsx";
import classes from "./product-page.module.css";

/** The main picture and its thumbnails; a thumbnail switches the main picture. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [selected, setSelected] = useState(0);
  const t = useT();
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
        <Group
          gap="sm"
          role="group"
          aria-label={t({ id: "product.pictures", defaultMessage: "Product pictures" })}
        >
          {images.map((src, index) => (
            <UnstyledButton
              key={src}
              onClick={() => setSelected(index)}
              aria-label={t(
                { id: "product.picture.show", defaultMessage: "Show picture {index} of {name}" },
                { index: index + 1, name },
              )}
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
