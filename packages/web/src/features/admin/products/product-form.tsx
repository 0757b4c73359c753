import type { Unit } from "@fruit/core/browser/money";
import type { TaxClass } from "@fruit/core/browser/tax";
import { Button, Fieldset, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { AdditionalImages } from "./additional-images.tsx";
import { ImageUploadInput } from "./image-upload-input.tsx";
import {
  type ProductFormErrors,
  type ProductFormValues,
  type ProductUpdate,
  validateProductForm,
} from "./product-form-validation.ts";

type TextField = Exclude<keyof ProductFormValues, "images" | "unit" | "taxClass">;

/** The classes offered before the shop's are read: the one every product starts in. */
const STANDARD_ONLY: TaxClass[] = [{ id: "standard", name: "Standard", rate: 15 }];

/** The unit a product sells by, as the form offers it. */
const UNIT_OPTIONS: { value: Unit; label: string }[] = [
  { value: "kg", label: "By weight (price per kg)" },
  { value: "piece", label: "By piece (price per piece)" },
];
/** What step and stock are counted in, per unit. */
const IN_UNIT: Record<Unit, string> = { kg: "kg", piece: "pieces" };

/** The edit-product form of docs/product.md §2: fields, the two uploads, the image list and Update. */
export function ProductForm({
  initial,
  submitting,
  onSubmit,
  taxClasses = STANDARD_ONLY,
}: {
  initial: ProductFormValues;
  submitting: boolean;
  onSubmit: (update: ProductUpdate) => void;
  /** The shop's tax classes (GET /api/tax/classes). */
  taxClasses?: TaxClass[];
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProductFormErrors>({});

  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (
    field: TextField,
    label: string,
    extra: { inputMode?: "decimal" | "numeric"; required?: boolean } = {},
  ) => ({
    label,
    name: field,
    required: true,
    value: values[field],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, event.currentTarget.value),
    ...extra,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateProductForm(values);
    if (result.ok) onSubmit(result.update);
    else setErrors(result.errors);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput {...text("name", "Name")} />
        <TextInput {...text("slug", "Slug")} />
        <TextInput {...text("price", "Price", { inputMode: "decimal" })} />
        <TextInput {...text("image", "Image File")} />
        <ImageUploadInput label="Upload Image" onUploaded={(url) => set("image", url)} />
        <AdditionalImages images={values.images} onChange={(images) => set("images", images)} />
        <ImageUploadInput
          label="Upload Additional Image"
          onUploaded={(url) => setValues((current) => ({ ...current, images: [...current.images, url] }))}
        />
        <TextInput {...text("category", "Category")} />
        <TextInput {...text("brand", "Brand")} />
        <NativeSelect
          label="Sold"
          name="unit"
          data={UNIT_OPTIONS}
          value={values.unit}
          onChange={(event) => set("unit", event.currentTarget.value as Unit)}
          description="Changing how a product sells: enter its stock again in the new unit."
        />
        <Group grow align="flex-start">
          <TextInput
            {...text("step", `Step (${IN_UNIT[values.unit]})`, {
              inputMode: values.unit === "kg" ? "decimal" : "numeric",
            })}
            description={values.unit === "kg" ? "What the cart adds at a time, e.g. 0.25" : "Usually 1"}
          />
          <TextInput
            {...text("countInStock", `Count In Stock (${IN_UNIT[values.unit]})`, {
              inputMode: values.unit === "kg" ? "decimal" : "numeric",
            })}
            description={values.unit === "kg" ? "To the gram: at most 3 decimals" : "Whole pieces"}
          />
        </Group>
        <TextInput
          label={`Low-stock threshold (${IN_UNIT[values.unit]})`}
          name="lowStockThreshold"
          value={values.lowStockThreshold ?? ""}
          error={errors.lowStockThreshold}
          inputMode={values.unit === "kg" ? "decimal" : "numeric"}
          onChange={(event) => set("lowStockThreshold", event.currentTarget.value)}
          description="At or under it, the product is listed as running low and administrators are mailed. Empty: the shop's default."
        />
        <NativeSelect
          label="Tax class"
          name="taxClass"
          data={taxClasses.map((c) => ({ value: c.id, label: `${c.name} (${c.rate} %)` }))}
          value={values.taxClass ?? "standard"}
          onChange={(event) => set("taxClass", event.currentTarget.value)}
          description="Fresh produce in Québec is zero-rated: give it a 0 % class."
        />
        <Textarea {...text("description", "Description")} rows={4} />
        <Fieldset legend="In French (fr-CA)" variant="unstyled">
          <Stack gap="sm">
            <TextInput
              {...text("nameFr", "French name", { required: false })}
              lang="fr-CA"
              description="Shown on the French pages (/fr); empty: the English name is shown there."
            />
            <TextInput {...text("categoryFr", "French category", { required: false })} lang="fr-CA" />
            <Textarea
              {...text("descriptionFr", "French description", { required: false })}
              lang="fr-CA"
              rows={4}
            />
          </Stack>
        </Fieldset>
        <div>
          <Button type="submit" loading={submitting}>
            Update
          </Button>
        </div>
      </Stack>
    </form>
  );
}
