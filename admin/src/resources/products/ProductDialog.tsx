/**
 * 'Add New Product' / 'Edit Product' dialog; validates with the zod schema derived from the
 * products declaration (read from the resource context), then saves.
 */
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, useDataProvider, useNotify } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ProductInputs } from './ProductInputs';
import { RecordHistory } from '../../crud/RecordHistory';
import { schemaFor } from '../../crud/fieldSchema';
import { useDeclaration } from '../../crud/useDeclaration';
import type { Product } from '../../types';

const NEW_PRODUCT = {
  name: '', description: '', price: 0, category: '', image_url: '',
  slug: '', size_label: '', section: null, featured: false, sort_order: 0, image_alt: '', name_es: '', description_es: '',
};

interface ProductDialogProps {
  /** The product being edited; null = create. */
  product: Product | null;
  onClose: () => void;
  onSaved: () => void;
}

export function ProductDialog({ product, onClose, onSaved }: ProductDialogProps) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const declaration = useDeclaration();
  const resolver = useMemo(
    () => zodResolver(schemaFor(declaration) as never) as unknown as Resolver<FieldValues>,
    [declaration],
  );
  const [saving, setSaving] = useState(false);
  const editing = product !== null;

  const save = async (values: FieldValues) => {
    setSaving(true);
    try {
      if (editing) {
        await dataProvider.update('products', { id: product.id, data: values, previousData: product });
      } else {
        await dataProvider.create('products', { data: values });
      }
      notify(editing ? 'Product updated successfully' : 'Product created successfully', { type: 'success' });
      onSaved();
    } catch (error) {
      console.error('Failed to save product:', error);
      notify('Failed to save product', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="product-dialog-title">
      <Form record={product ?? NEW_PRODUCT} onSubmit={save} resolver={resolver}>
        <DialogTitle id="product-dialog-title">{editing ? 'Edit Product' : 'Add New Product'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column' }}>
          <ProductInputs />
          {editing ? <RecordHistory recordId={product.id} /> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {editing ? 'Update' : 'Create'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
