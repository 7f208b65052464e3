import { lazy } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { ResourceDeclaration } from '../../crud/declaration';

const MediaList = lazy(() => import('./MediaList').then((m) => ({ default: m.MediaList })));

/**
 * Media Library: a grid over `get_buzz_haven_media`; uploads record their row with
 * `create_buzz_haven_media` (upload/uploadMedia.ts); only the title is editable.
 */
/** An upload's row (upload/uploadMedia.ts NewMediaRow) as `create_buzz_haven_media`'s arguments. */
const rowToArgs = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [`p_${key}`, value]));

const media: ResourceDeclaration = {
  name: 'media',
  label: 'Media',
  group: 'site',
  icon: PhotoLibraryIcon,
  recordName: 'Media file |||| Media files',
  rpc: {
    list: 'get_buzz_haven_media',
    create: 'create_buzz_haven_media',
    update: 'update_buzz_haven_media',
    delete: 'delete_buzz_haven_media',
  },
  fields: [
    { source: 'title', kind: 'text', label: 'Title', searchable: true, required: 'Title is required' },
    { source: 'file_type', kind: 'text', label: 'Type', form: false },
    { source: 'created_at', kind: 'date', label: 'Added', form: false },
  ],
  // Uploads send the whole row (upload/uploadMedia.ts); only the title is editable.
  toArgs: (data, mode) => (mode === 'update' ? { p_title: data.title ?? null } : rowToArgs(data)),
  list: MediaList,
  recordRepresentation: 'title',
};

export default media;
