import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * The seed's 'Create Event' / 'Add Hive' button (a button, as the seed shows it), opening the
 * resource's create page; `record` pre-fills it (e.g. the hive of a new inspection).
 */
export function CreateRecordButton({ resource, label, record }: { resource: string; label: string; record?: Record<string, unknown> }) {
  const navigate = useNavigate();
  const createPath = useCreatePath();
  return (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => navigate(createPath({ resource, type: 'create' }), record ? { state: { record } } : undefined)}
    >
      {label}
    </Button>
  );
}
