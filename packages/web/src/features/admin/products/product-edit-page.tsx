import { Card } from "@mantine/core";
import { useNavigate, useParams } from "react-router-dom";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useProduct } from "./api/use-product.ts";
import { useUpdateProduct } from "./api/use-update-product.ts";
import { ProductForm } from "./product-form.tsx";
import { type ProductUpdate, toFormValues } from "./product-form-validation.ts";

/** /admin/product/{id} — 'Edit Product {id}'; Update saves and goes back to /admin/products. */
export function ProductEditPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useProduct(id);
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
          <ProductForm key={data._id} initial={toFormValues(data)} submitting={pending} onSubmit={save} />
        </Card>
      )}
    </AdminPage>
  );
}
