import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderAdmin } from "../shared/test-wrapper.tsx";
import { ProductForm } from "./product-form.tsx";
import { type ProductFormValues, validateProductForm } from "./product-form-validation.ts";

const valid: ProductFormValues = {
  name: "Cherry",
  slug: "cherry",
  price: "12.5",
  image: "/images/cherry.webp",
  images: ["/images/cherry-2.webp"],
  category: "Fruits",
  brand: "Orchard",
  unit: "kg",
  step: "0.25",
  countInStock: "7",
  description: "Sweet dark cherries",
  nameFr: "Cerise",
  categoryFr: "Fruits",
  descriptionFr: "Cerises sombres et sucrées",
};

/** The PUT body `valid` makes, with `changes` (numbers as numbers, the French texts as `translations`). */
function body(changes: Record<string, unknown> = {}) {
  const { nameFr, categoryFr, descriptionFr, ...fields } = valid;
  return {
    ...fields,
    price: 12.5,
    step: 0.25,
    countInStock: 7,
    translations: { "fr-CA": { name: nameFr, category: categoryFr, description: descriptionFr } },
    ...changes,
  };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: "input, textarea" });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe("edit product validation", () => {
  it("turns valid text into the PUT body with numbers", () => {
    expect(validateProductForm({ ...valid, name: "  Cherry " })).toEqual({
      ok: true,
      update: body({ name: "Cherry" }),
    });
  });

  it.each([
    ["price", "-1", "Price must be 0 or more"],
    ["price", "1.234", "Price must have at most 2 decimals"],
    ["price", "abc", "Price must be a number"],
    ["countInStock", "1.0005", "Count in stock must have at most 3 decimals (whole grams)"],
    ["countInStock", "-2", "Count in stock must be 0 or more"],
    ["step", "0", "Step must be more than 0"],
    ["step", "", "Step is required"],
    ["step", "0.0001", "Step must have at most 3 decimals (whole grams)"],
    ["slug", "Not A Slug", "Slug must be lowercase letters, digits and single hyphens (e.g. green-apple)"],
    ["description", "   ", "Description is required"],
    ["image", "javascript:alert(1)", "must be an /images/... path or an https URL"],
  ] as const)("refuses %s = %j", (key, value, message) => {
    expect(validateProductForm({ ...valid, [key]: value })).toEqual({
      ok: false,
      errors: { [key]: message },
    });
  });

  it("asks whole pieces of a product sold by piece, at the field concerned", () => {
    const byPiece = { ...valid, unit: "piece" as const, step: "1", countInStock: "4" };
    expect(validateProductForm(byPiece)).toMatchObject({
      ok: true,
      update: { unit: "piece", step: 1, countInStock: 4 },
    });
    expect(validateProductForm({ ...byPiece, step: "0.5" })).toEqual({
      ok: false,
      errors: { step: "Step must be a whole number of pieces for a product sold by piece" },
    });
    expect(validateProductForm({ ...byPiece, countInStock: "2.5" })).toEqual({
      ok: false,
      errors: { countInStock: "Count in stock must be a whole number of pieces for a product sold by piece" },
    });
  });

  it("shows every required field's message and does not submit", () => {
    const onSubmit = vi.fn();
    const empty = { ...valid, name: "", slug: "", price: "", image: "", category: "", brand: "" };
    renderAdmin(
      <ProductForm
        initial={{ ...empty, step: "", countInStock: "", description: "" }}
        submitting={false}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    for (const label of [
      "Name",
      "Slug",
      "Price",
      "Image File",
      "Category",
      "Brand",
      "Step",
      "Count In Stock",
      "Description",
    ]) {
      expect(screen.getByText(`${label} is required`)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows numeric errors at the fields, clears one when edited, then submits numbers", () => {
    const onSubmit = vi.fn();
    renderAdmin(<ProductForm initial={valid} submitting={false} onSubmit={onSubmit} />);
    type("Price", "-3");
    type("Count In Stock", "2.5005");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(screen.getByText("Price must be 0 or more")).toBeInTheDocument();
    expect(screen.getByText("Count in stock must have at most 3 decimals (whole grams)")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    type("Price", "3.99");
    expect(screen.queryByText("Price must be 0 or more")).not.toBeInTheDocument();
    type("Count In Stock", "0");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith(body({ price: 3.99, countInStock: 0 }));
  });

  it("sends the tax class chosen among the shop's", () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <ProductForm
        initial={{ ...valid, taxClass: "standard" }}
        submitting={false}
        onSubmit={onSubmit}
        taxClasses={[
          { id: "standard", name: "GST + QST", rate: 14.975 },
          { id: "zero-rated", name: "Basic groceries", rate: 0 },
        ]}
      />,
    );
    fireEvent.change(screen.getByLabelText("Tax class"), { target: { value: "zero-rated" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ taxClass: "zero-rated", price: 12.5, countInStock: 7 }),
    );
  });

  it("counts step and stock in pieces once the product sells by piece", () => {
    const onSubmit = vi.fn();
    renderAdmin(<ProductForm initial={valid} submitting={false} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Sold"), { target: { value: "piece" } });
    expect(field("Count In Stock (pieces)")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(
      screen.getByText("Step must be a whole number of pieces for a product sold by piece"),
    ).toBeInTheDocument();
    type("Step (pieces)", "1");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith(body({ unit: "piece", step: 1 }));
  });

  it("removes an additional image from the form only", () => {
    const onSubmit = vi.fn();
    renderAdmin(<ProductForm initial={valid} submitting={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(screen.getByText("No additional images")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith(body({ images: [] }));
  });

  it("edits the French texts, which are optional: an emptied one is sent empty, so the English shows", () => {
    const onSubmit = vi.fn();
    renderAdmin(<ProductForm initial={valid} submitting={false} onSubmit={onSubmit} />);
    expect(field("French name")).toHaveValue("Cerise");
    expect(field("French name")).toHaveAttribute("lang", "fr-CA");
    type("French name", "  Cerise noire ");
    type("French description", "");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith(
      body({ translations: { "fr-CA": { name: "Cerise noire", category: "Fruits", description: "" } } }),
    );
  });

  it("refuses a French name longer than the server takes", () => {
    expect(validateProductForm({ ...valid, nameFr: "x".repeat(201) })).toEqual({
      ok: false,
      errors: { nameFr: "The French name is at most 200 characters" },
    });
  });
});
