/**
 * One document in one language in the form generated from its schema: the language tabs (English |
 * Español), Save draft and Publish above the tabs Edit / Changes since last publish / Preview (the
 * 'messages' document: each e-mail with sample values, MessagesPreview) / Versions. zod
 * (zodResolver) checks the form; a translation is checked as it will be shown, completed from the
 * English draft (an empty field shows the English words, listed above the form). The server's
 * refusals (a stale revision, a 422's issues) show beside the form, which keeps what was typed.
 */
import { Suspense, lazy, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import { Form, useBasename, useTranslate } from 'react-admin';
import { defaultLocale, locales, withFallback, type Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
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

/**
 * A translation's resolver: the values completed from the English draft are checked (an empty
 * field is allowed, it falls back), the values as typed are kept.
 */
export function withFallbackResolver(resolver: Resolver<FieldValues>, english: unknown): Resolver<FieldValues> {
  return async (values, context, options) => {
    const result = await resolver(withFallback(values, english).body as FieldValues, context, options);
    return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
  };
}

interface ContentEditorProps {
  document: ContentDocument;
  /** The English document (the same as `document` in English). */
  english: ContentDocument;
  locale: Locale;
  /** Opens the document in another language. */
  onLocale: (locale: Locale) => void;
  schema: unknown;
  /** Reads the document again (status line); the form keeps its values. */
  onSaved: () => void;
  /** Reads the document again and mounts the form with the server's draft. */
  onReload: () => Promise<void>;
}

export function ContentEditor({ document, english, locale, onLocale, schema, onSaved, onReload }: ContentEditorProps) {
  const translate = useTranslate();
  const basename = useBasename();
  const [initial] = useState(() => document.draft);
  const [tab, setTab] = useState<TabName>('edit');
  const resolver = useMemo(() => {
    const base = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
    return locale === defaultLocale ? base : withFallbackResolver(base, english.draft);
  }, [schema, locale, english.draft]);
  const nodes = useMemo(() => objectNodes(schema), [schema]);

  return (
    <Box>
      <PageHeader
        title={document.title}
        actions={<Button component={RouterLink} to={`${basename}/content`} startIcon={<ArrowBackIcon />}>{translate('buzz.content.all_content')}</Button>}
      />
      <Form record={initial} resolver={resolver} onSubmit={() => undefined} noValidate>
        <EditorBody document={document} english={english} locale={locale} onLocale={onLocale} tab={tab} setTab={setTab} nodes={nodes}
          onSaved={onSaved} onReload={onReload} />
      </Form>
    </Box>
  );
}

interface EditorBodyProps extends Omit<ContentEditorProps, 'schema'> {
  tab: TabName;
  setTab: (tab: TabName) => void;
  nodes: ReturnType<typeof objectNodes>;
}

function EditorBody({ document, english, locale, onLocale, tab, setTab, nodes, onSaved, onReload }: EditorBodyProps) {
  const translate = useTranslate();
  const actions = useDraftActions({ document, english, locale, onSaved, onReload, showEdit: () => setTab('edit') });
  // What a translation shows: the English words where it leaves a field empty.
  const complete = (values: unknown) => (locale === defaultLocale ? values : withFallback(values, english.draft).body);
  return (
    <>
      <Tabs value={locale} aria-label={translate('buzz.content.language')} sx={{ mt: -2, mb: 2 }}
        onChange={async (_, next: Locale) => { if (await actions.saveIfDirty()) onLocale(next); }}>
        {locales.map((code) => (
          <Tab key={code} value={code} label={translate(`buzz.content.languages.${code}`)} lang={code} id={`content-language-${code}`} />
        ))}
      </Tabs>
      <DocumentStatus document={document} revision={actions.revision} dirty={actions.dirty} />
      {locale === defaultLocale ? null : <FallbackFields english={english.draft} />}
      <EditorActions {...actions} locale={locale} onReload={onReload} />
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
            {document.key === 'messages'
              ? <Suspense fallback={null}><MessagesPreview complete={complete} /></Suspense>
              : <ContentPreview nodes={nodes} complete={complete} />}
          </Box>
        ) : null}
        {tab === 'versions' ? (
          <Box role="tabpanel" id="content-panel-versions" aria-labelledby="content-tab-versions">
            <ContentVersions documentKey={document.key} locale={locale} liveVersion={document.published_version} onRestore={actions.restore} />
          </Box>
        ) : null}
      </Paper>
    </>
  );
}

/** Above a translation's form: how it is completed, and the fields that show the English words now. */
function FallbackFields({ english }: { english: unknown }) {
  const translate = useTranslate();
  const { missing } = withFallback(useWatch(), english);
  return (
    <Alert severity={missing.length > 0 ? 'warning' : 'success'} sx={{ mb: 2 }} data-testid="fallback-fields">
      <p style={{ margin: 0 }}>{translate('buzz.content.translation_help')}</p>
      <p style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>
        {missing.length > 0
          ? translate('buzz.content.fallback_fields', { fields: missing.join(', ') })
          : translate('buzz.content.fallback_none')}
      </p>
    </Alert>
  );
}
