import type { ProductDetail } from "@fruit/core/browser/products";
import type { TaxClasses } from "@fruit/core/browser/tax";
import { Card } from "@mantine/core";
import { useNavigate, useParams } from "react-router-dom";
import { notifySuccess } from "../../../lib/notify.ts";
import { productKey } from "../../../resources/products.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useAdminSWR } from "../shared/use-admin-swr.ts";
import { useUpdateProduct } from "./api/use-update-product.ts";
import { ProductForm } from "./product-form.tsx";
import { type ProductUpdate, toFormValues } from "./product-form-validation.ts";

/** /admin/product/{id} — 'Edit Product {id}'; Update saves and goes back to /admin/products. */
export function ProductEditPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  // GET /api/products/{id} fills the form.
  const { data, error, isLoading } = useAdminSWR<ProductDetail>(id ? productKey({ id }) : null);
  // The classes the form offers; until they are read, the form offers `standard` alone.
  const classes = useAdminSWR<TaxClasses>("/api/tax/classes");
  const updateProduct = useUpdateProduct();
  const { run, pending } = useAdminAction();

  const save = async (update: ProductUpdate) => {
    const ok = await run(() => updateProduct(id, update));
    if (!ok) return;
    notifySuccess("Product updated successfully");
    navigate("/admin/products");
  };

  return (
    <AdminPage title={`Edit Product ${id}`} maw={720}>
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <Card withBorder padding="lg">
          {/* Keyed by id so another product's screen starts from its own values. */}
          <ProductForm
            key={data._id}
            initial={toFormValues(data)}
            submitting={pending}
            onSubmit={save}
            {...(classes.data ? { taxClasses: classes.data.classes } : {})}
          />
        </Card>
      )}
    </AdminPage>
  );
}
