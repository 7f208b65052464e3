/**
 * One document in the form generated from its schema, with Save draft and Publish above the tabs
 * Edit / Changes since last publish / Preview (the 'messages' document: each e-mail with sample
 * values, MessagesPreview) / Versions. zod (zodResolver) checks the form; the
 * server's refusals (a stale revision, a 422's issues) show beside the form, which keeps what was typed.
 */
import { Suspense, lazy, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Form, useBasename, useTranslate } from 'react-admin';
import type { ContentDocument } from '../../types';
import { PageHeader } from '../../common/PageHeader';
import { objectNodes } from './form/schemaFields';
import { SchemaInputs } from './form/SchemaInputs';
import { ContentChanges } from './ContentChanges';
import { ContentPreview } from './ContentPreview';
import { ContentVersions } from './ContentVersions';
import { DocumentStatus } from './DocumentStatus';
import { EditorActions } from './EditorActions';
import { SiteBuildStatus } from './SiteBuildStatus';
import { useDraftActions } from './useDraftActions';

// The e-mails' preview (the sender's wording code and samples) loads with that tab only.
const MessagesPreview = lazy(() => import('./MessagesPreview'));

const TABS = ['edit', 'changes', 'preview', 'versions'] as const;
type TabName = (typeof TABS)[number];

interface ContentEditorProps {
  document: ContentDocument;
  schema: unknown;
  /** Reads the document again (status line); the form keeps its values. */
  onSaved: () => void;
  /** Reads the document again and mounts the form with the server's draft. */
  onReload: () => Promise<void>;
}

export function ContentEditor({ document, schema, onSaved, onReload }: ContentEditorProps) {
  const translate = useTranslate();
  const basename = useBasename();
  const [initial] = useState(() => document.draft);
  const [tab, setTab] = useState<TabName>('edit');
  const resolver = useMemo(() => zodResolver(schema as never) as unknown as Resolver<FieldValues>, [schema]);
  const nodes = useMemo(() => objectNodes(schema), [schema]);

  return (
    <Box>
      <PageHeader
        title={document.title}
        actions={<Button component={RouterLink} to={`${basename}/content`} startIcon={<ArrowBackIcon />}>{translate('buzz.content.all_content')}</Button>}
      />
      <Form record={initial} resolver={resolver} onSubmit={() => undefined} noValidate>
        <EditorBody document={document} tab={tab} setTab={setTab} nodes={nodes} onSaved={onSaved} onReload={onReload} />
      </Form>
    </Box>
  );
}

interface EditorBodyProps extends Omit<ContentEditorProps, 'schema'> {
  tab: TabName;
  setTab: (tab: TabName) => void;
  nodes: ReturnType<typeof objectNodes>;
}

function EditorBody({ document, tab, setTab, nodes, onSaved, onReload }: EditorBodyProps) {
  const translate = useTranslate();
  const actions = useDraftActions({ document, onSaved, onReload, showEdit: () => setTab('edit') });
  return (
    <>
      <DocumentStatus document={document} revision={actions.revision} dirty={actions.dirty} />
      <EditorActions {...actions} onReload={onReload} />
      <SiteBuildStatus />
      <Paper sx={{ px: { xs: 1.5, sm: 3 }, pb: 3 }}>
        <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile
          aria-label={document.title} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((name) => (
            <Tab key={name} value={name} label={translate(`buzz.content.tabs.${name}`)} id={`content-tab-${name}`} aria-controls={`content-panel-${name}`} />
          ))}
        </Tabs>
        {/* The inputs stay mounted on every tab: the other tabs read the form's current values. */}
        <Box role="tabpanel" id="content-panel-edit" aria-labelledby="content-tab-edit" hidden={tab !== 'edit'}>
          <SchemaInputs nodes={nodes} />
        </Box>
        {tab === 'changes' ? (
          <Box role="tabpanel" id="content-panel-changes" aria-labelledby="content-tab-changes">
            <ContentChanges published={document.published} nodes={nodes} />
          </Box>
        ) : null}
        {tab === 'preview' ? (
          <Box role="tabpanel" id="content-panel-preview" aria-labelledby="content-tab-preview">
            {/* The e-mails' wording previews as the e-mails themselves, with sample values. */}
            {document.key === 'messages' ? <Suspense fallback={null}><MessagesPreview /></Suspense> : <ContentPreview nodes={nodes} />}
          </Box>
        ) : null}
        {tab === 'versions' ? (
          <Box role="tabpanel" id="content-panel-versions" aria-labelledby="content-tab-versions">
            <ContentVersions documentKey={document.key} liveVersion={document.published_version} onRestore={actions.restore} />
          </Box>
        ) : null}
      </Paper>
    </>
  );
}
