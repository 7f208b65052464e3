import { lazy } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { ResourceDeclaration } from '../types';
import { defaultToArgs } from '../../providers/dataProvider';

const MediaList = lazy(() => import('./MediaList').then((m) => ({ default: m.MediaList })));

/**
 * Media Library: a grid over `get_buzz_haven_media`; uploads record their row with
 * `create_buzz_haven_media` (upload/uploadMedia.ts); only the title is editable.
 */
const media: ResourceDeclaration = {
  name: 'media',
  label: 'Media',
  icon: PhotoLibraryIcon,
  rpc: {
    list: 'get_buzz_haven_media',
    create: 'create_buzz_haven_media',
    update: 'update_buzz_haven_media',
    delete: 'delete_buzz_haven_media',
  },
  toArgs: (data, mode) => (mode === 'update' ? { p_title: data.title ?? null } : defaultToArgs(data)),
  messages: { name: 'Media file |||| Media files', fields: { title: 'Title', created_at: 'Added' } },
  list: MediaList,
  recordRepresentation: 'title',
};

export default media;
