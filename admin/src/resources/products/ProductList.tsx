/**
 * /admin/products: the products list (sorted, searched and paged by the server through the data
 * provider), the create/edit dialog and the delete confirmation, with the spec's toasts.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, ListBase, Pagination, useDataProvider, useListContext, useNotify } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { PageHeader } from '../../common/PageHeader';
import { ListSearch } from '../../common/ListSearch';
import { ProductDialog } from './ProductDialog';
import { ProductTable } from './ProductTable';
import type { Product } from '../../types';

export function ProductList() {
  const notify = useNotify();
  return (
    <ListBase
      resource="products"
      perPage={100}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{
        onError: (error: unknown) => {
          console.error('Failed to load products:', error);
          notify('Failed to load products', { type: 'error' });
        },
      }}
    >
      <ProductListView />
    </ListBase>
  );
}

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; product: Product };

function ProductListView() {
  const { data, isPending, error, refetch, filterValues } = useListContext<Product>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const openCreate = () => setDialog({ mode: 'create' });

  const confirmDelete = async () => {
    if (!toDelete) return;
    const product = toDelete;
    setToDelete(null);
    try {
      await dataProvider.delete('products', { id: product.id, previousData: product });
      notify('Product deleted successfully', { type: 'success' });
    } catch (err) {
      console.error('Failed to delete product:', err);
      notify('Failed to delete product', { type: 'error' });
    }
    refetch();
  };

  const products = error ? [] : (data ?? []);
  const searching = Boolean(filterValues?.q);
  return (
    <Box>
      <PageHeader
        title="Products"
        actions={<Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>Add Product</Button>}
      />
      <Paper sx={{ overflowX: 'auto' }}>
        <Box sx={{ p: 2, pb: 0 }}><ListSearch label="Search products" /></Box>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label="Loading products" /></Box>
        ) : products.length === 0 ? (
          <EmptyState
            message="No products found"
            actionLabel={searching ? undefined : 'Add Your First Product'}
            onAction={openCreate}
          />
        ) : (
          <>
            <ProductTable products={products} onEdit={(product) => setDialog({ mode: 'edit', product })} onDelete={setToDelete} />
            <Pagination rowsPerPageOptions={[25, 50, 100]} />
          </>
        )}
      </Paper>
      {dialog.mode !== 'closed' && (
        <ProductDialog
          product={dialog.mode === 'edit' ? dialog.product : null}
          onClose={() => setDialog({ mode: 'closed' })}
          onSaved={() => { setDialog({ mode: 'closed' }); refetch(); }}
        />
      )}
      <Confirm
        isOpen={toDelete !== null}
        title="Delete Product"
        content="Are you sure you want to delete this product?"
        confirm="Delete"
        cancel="Cancel"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
