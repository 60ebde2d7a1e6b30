import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorMessage } from '@/components/error-message';
import { PastLastPage } from '@/components/past-last-page';
import { Pagination } from '@/components/pagination';
import { Spinner } from '@/components/spinner';
import { CatalogSearchForm } from './catalog-search-form';
import { useCatalogSearch } from '../hooks/use-catalog-search';
import { useDeletePart } from '../api/save-part';
import { paths } from '@/lib/paths';

/** Rows per page of the products table. */
export const PRODUCTS_PAGE_SIZE = 20;

/**
 * The admin's products table (docs/requirements.md §2: Manage Products): the catalogue's own search, filters and paging
 * (useCatalogSearch, state in the URL) over `GET /api/parts`; image, name, stock, minqty and price; Edit opens
 * the edit form, Delete asks for confirmation first.
 */
export function ManageProductsTable() {
  const search = useCatalogSearch({ pageSize: PRODUCTS_PAGE_SIZE });
  const { params, results, pageCount } = search;
  const deletePart = useDeletePart();
  const [toDelete, setToDelete] = useState<Part | null>(null);
  const items = results.data?.data ?? [];

  return (
    <div className="space-y-6">
      <CatalogSearchForm search={search} />
      {results.isError ? (
        <ErrorMessage title={messages.catalog.loadFailed} detail={results.error.message}>
          <button type="button" className="btn btn-sm mt-3" onClick={() => void results.refetch()}>
            {messages.common.tryAgain}
          </button>
        </ErrorMessage>
      ) : results.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        search.total ? (
          <PastLastPage page={params.page} firstPage={search.hrefFor(1)} />
        ) : (
          <p>{messages.products.empty}</p>
        )
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table" aria-busy={results.isFetching}>
            <thead className="text-base-content">
              <tr>
                <th scope="col">{messages.products.image}</th>
                <th scope="col">{messages.products.name}</th>
                <th scope="col">{messages.products.stock}</th>
                <th scope="col">{messages.products.minqty}</th>
                <th scope="col">{messages.products.price}</th>
                <th scope="col">{messages.products.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((part) => (
                <tr key={part._id}>
                  <td>
                    <img src={part.img} alt="" className="h-12 w-12 rounded object-contain" loading="lazy" />
                  </td>
                  <th scope="row" className="font-medium">
                    {part.name}
                    <span className="block text-xs font-normal text-base-content/70">{part.sku}</span>
                  </th>
                  <td>{part.available.toLocaleString('en-US')}</td>
                  <td>{part.minqty}</td>
                  <td>{formatMoney(part.price)}</td>
                  <td>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={paths.dashboard.editProduct.href(part._id)}
                        className="btn btn-sm"
                        aria-label={`${messages.products.edit} ${part.name}`}
                      >
                        {messages.products.edit}
                      </Link>
                      <button
                        type="button"
                        className="btn btn-sm btn-error"
                        aria-label={`${messages.products.delete} ${part.name}`}
                        onClick={() => setToDelete(part)}
                      >
                        {messages.products.delete}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount !== null && !results.isError ? (
        <Pagination page={params.page} pageCount={pageCount} hrefFor={search.hrefFor} />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={messages.products.confirmDeleteTitle}
        confirmLabel={messages.products.delete}
        cancelLabel={messages.products.cancel}
        busy={deletePart.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          deletePart.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? messages.products.confirmDeleteText(toDelete.name) : null}
      </ConfirmDialog>
    </div>
  );
}
