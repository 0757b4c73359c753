import type { Product } from "@fruit/core/browser/products";
import { Button } from "@mantine/core";
import { useNavigate, useSearchParams } from "react-router-dom";
import { notifySuccess } from "../../../lib/notify.ts";
import { AdminPage } from "../shared/admin-page.tsx";
import { useConfirm } from "../shared/confirm-dialog.tsx";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { useAdminAction } from "../shared/use-admin-action.ts";
import { useAdminProducts } from "./api/use-admin-products.ts";
import { useCreateProduct } from "./api/use-create-product.ts";
import { useDeleteProduct } from "./api/use-delete-product.ts";
import { PaginationLinks } from "./pagination-links.tsx";
import { ProductsTable } from "./products-table.tsx";

/** ?page=n, default 1 (docs/product.md §9); anything that is not a positive whole number reads as 1. */
const pageFromQuery = (raw: string | null): number => {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** /admin/products — the paged catalogue with Create Product, Edit and Delete. */
export function ProductsAdminPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromQuery(searchParams.get("page"));
  const navigate = useNavigate();
  const { data, error, isLoading } = useAdminProducts(page);
  const createProduct = useCreateProduct();
  const deleteProduct = useDeleteProduct();
  const [confirm, confirmDialog] = useConfirm();
  const creating = useAdminAction();
  const deleting = useAdminAction();

  const create = async () => {
    if (!(await confirm("Are you sure to create?"))) return;
    await creating.run(async () => {
      const product = await createProduct();
      notifySuccess("product created successfully");
      navigate(`/admin/product/${product._id}`);
    });
  };

  const remove = async (product: Product) => {
    if (!(await confirm("Are you sure to delete?"))) return;
    await deleting.run(async () => {
      await deleteProduct(product._id);
      notifySuccess("product deleted successfully");
    });
  };

  return (
    <AdminPage
      title="Products"
      actions={
        <Button onClick={() => void create()} loading={creating.pending}>
          Create Product
        </Button>
      }
    >
      {confirmDialog}
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState error={error} />
      ) : (
        <>
          <ProductsTable
            products={data.products}
            deleting={deleting.pending}
            onDelete={(p) => void remove(p)}
          />
          <PaginationLinks pages={data.pages} page={data.page ?? page} href={adminProductsHref} />
        </>
      )}
    </AdminPage>
  );
}

const adminProductsHref = (n: number): string => `/admin/products?page=${n}`;
