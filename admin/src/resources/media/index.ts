import { lazy } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { ResourceDeclaration } from '../types';

const MediaList = lazy(() => import('./MediaList').then((m) => ({ default: m.MediaList })));

/** Media Library: a grid over `get_buzz_haven_media`. */
const media: ResourceDeclaration = {
  name: 'media',
  label: 'Media',
  icon: PhotoLibraryIcon,
  rpc: { list: 'get_buzz_haven_media' },
  messages: { name: 'Media file |||| Media files', fields: { title: 'Title', created_at: 'Added' } },
  list: MediaList,
  recordRepresentation: 'title',
};

export default media;
