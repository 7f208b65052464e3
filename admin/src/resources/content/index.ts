import { lazy } from 'react';
import ArticleIcon from '@mui/icons-material/Article';
import type { ResourceDeclaration } from '../../crud/declaration';

// Both screens are chunks of their own: the schemas and the form generator load with the editor only.
const ContentList = lazy(() => import('./ContentList').then((m) => ({ default: m.ContentList })));
const ContentEdit = lazy(() => import('./ContentEdit').then((m) => ({ default: m.ContentEdit })));

/**
 * Content: the public site's documents (a page, the site-wide texts, a catalogue group). The list
 * shows each one's draft and published state and the last site build; a document opens at
 * /admin/content/<key> ('pages/about' included) in a form generated from its zod schema.
 */
const content: ResourceDeclaration = {
  name: 'content',
  table: 'content_documents',
  label: 'Content',
  group: 'site',
  icon: ArticleIcon,
  recordName: 'Content |||| Content',
  rpc: { list: 'get_buzz_haven_content_documents' },
  // The list's columns (and their i18n labels); documents are edited through their schema's form.
  fields: [
    { source: 'title', kind: 'text', label: 'Title', form: false },
    { source: 'key', kind: 'text', label: 'Key', form: false },
    { source: 'has_unpublished_changes', kind: 'boolean', label: 'Status', form: false },
    { source: 'needs_translation', kind: 'boolean', label: 'Español', form: false },
    { source: 'updated_at', kind: 'dateTime', label: 'Last saved', form: false },
    { source: 'published_version', kind: 'integer', label: 'Published', form: false },
  ],
  list: ContentList,
  edit: ContentEdit,
  recordRepresentation: 'title',
  dashboard: { position: 5 },
};

export default content;
