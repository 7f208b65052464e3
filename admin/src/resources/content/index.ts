import { lazy } from 'react';
import ArticleIcon from '@mui/icons-material/Article';
import type { ResourceDeclaration } from '../types';

const ContentList = lazy(() => import('./ContentList').then((m) => ({ default: m.ContentList })));

/** Content: the table and its list RPC exist; the screen is a placeholder for now. */
const content: ResourceDeclaration = {
  name: 'content',
  label: 'Content',
  icon: ArticleIcon,
  recordName: 'Content |||| Content',
  rpc: { list: 'get_buzz_haven_content' },
  fields: [],
  list: ContentList,
  dashboard: { position: 5 },
};

export default content;
