/**
 * The products table: sortable Name/Price/Category, Description hidden below md and Category
 * below sm (on a phone both row actions stay in view without scrolling), the Spanish column (below
 * sm hidden too): "Needs translation" when the name or description has no Spanish, row actions.
 */
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useListContext, useTranslate } from 'react-admin';
import { StatusBadge } from '../../common/StatusBadge';
import { formatCents } from '../../common/money';
import type { Product } from '../../types';
import { useDeclaration } from '../../crud/useDeclaration';

const hideOnSmall = { display: { xs: 'none', md: 'table-cell' } };
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };

function SortableHeader({ field, label, sx }: { field: string; label: string; sx?: typeof hideOnPhone }) {
  const { sort, setSort } = useListContext();
  const active = sort.field === field;
  const next = active && sort.order === 'ASC' ? 'DESC' : 'ASC';
  return (
    <TableCell sortDirection={active ? (sort.order === 'ASC' ? 'asc' : 'desc') : false} sx={sx}>
      <TableSortLabel active={active} direction={active && sort.order === 'DESC' ? 'desc' : 'asc'}
        onClick={() => setSort({ field, order: next })}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

interface ProductTableProps {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

export function ProductTable({ products, onEdit, onDelete }: ProductTableProps) {
  const { fields } = useDeclaration();
  const translate = useTranslate();
  /** A column's header, from the declaration (its `header`, else its label). */
  const header = (source: string) => {
    const field = fields.find((f) => f.source === source)!;
    return field.header ?? field.label;
  };
  return (
    <Table size="small" aria-label="Products" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <SortableHeader field="name" label={header('name')} />
          <SortableHeader field="price" label={header('price')} />
          <SortableHeader field="category" label={header('category')} sx={hideOnPhone} />
          <TableCell sx={hideOnSmall}>{header('description')}</TableCell>
          <TableCell sx={hideOnPhone}>{translate('buzz.content.languages.es')}</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id} hover data-testid="product-row">
            <TableCell sx={{ fontWeight: 600 }}>{product.name}</TableCell>
            <TableCell>{formatCents(product.price)}</TableCell>
            <TableCell sx={hideOnPhone}>{product.category || '-'}</TableCell>
            <TableCell sx={{ ...hideOnSmall, maxWidth: 360, color: 'text.secondary' }}>{product.description}</TableCell>
            <TableCell sx={hideOnPhone}>
              {/* the shop's Spanish page shows the English where the Spanish is missing */}
              {product.spanish_missing
                ? <StatusBadge status="needs-translation" label={translate('buzz.content.needs_translation')} colour="amber" />
                : <StatusBadge status="translated" label={translate('buzz.content.translated')} colour="green" />}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton aria-label={`Edit ${product.name}`} onClick={() => onEdit(product)}>
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={`Delete ${product.name}`} onClick={() => onDelete(product)} color="error">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
