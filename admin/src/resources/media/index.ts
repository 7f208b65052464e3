import { lazy } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { ResourceDeclaration } from '../types';

const MediaList = lazy(() => import('./MediaList').then((m) => ({ default: m.MediaList })));

/** Media Library: a grid over `get_buzz_haven_media`. */
const media: ResourceDeclaration = {
  name: 'media',
  label: 'Media',
  icon: PhotoLibraryIcon,
  recordName: 'Media file |||| Media files',
  rpc: { list: 'get_buzz_haven_media' },
  fields: [
    { source: 'title', kind: 'text', label: 'Title', searchable: true },
    { source: 'file_type', kind: 'text', label: 'Type' },
    { source: 'created_at', kind: 'date', label: 'Added' },
  ],
  list: MediaList,
  recordRepresentation: 'title',
};

export default media;
