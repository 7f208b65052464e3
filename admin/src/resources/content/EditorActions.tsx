/** Save draft and Publish, and what the server refused: a stale revision (with Reload) or the document's issues. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SaveIcon from '@mui/icons-material/Save';
import PublishIcon from '@mui/icons-material/Publish';
import { useTranslate } from 'react-admin';
import { defaultLocale, type Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import type { DocumentIssue } from './contentApi';

interface EditorActionsProps {
  /** The open form's language: an issue of another language is named with it. */
  locale: Locale;
  busy: boolean;
  conflict: string | null;
  issues: DocumentIssue[];
  save: () => void;
  publish: () => void;
  onReload: () => Promise<void>;
}

export function EditorActions({ locale, busy, conflict, issues, save, publish, onReload }: EditorActionsProps) {
  const translate = useTranslate();
  const languageOf = (issue: DocumentIssue) => {
    const of = issue.locale ?? defaultLocale;
    return of === locale ? '' : `${translate(`buzz.content.languages.${of}`)}: `;
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={<SaveIcon />} onClick={save} disabled={busy}>{translate('buzz.content.save_draft')}</Button>
        <Button variant="contained" startIcon={<PublishIcon />} onClick={publish} disabled={busy}>
          {translate(busy ? 'buzz.content.publishing' : 'buzz.content.publish')}
        </Button>
      </Box>
      {conflict ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}
          action={<Button color="inherit" size="small" onClick={onReload}>{translate('buzz.content.reload')}</Button>}>
          {conflict}
        </Alert>
      ) : null}
      {issues.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('buzz.content.publish_invalid')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {issues.map((issue) => (
              <li key={`${issue.locale}:${issue.path.join('.')}:${issue.message}`}>
                {languageOf(issue)}<code>{issue.path.join('.') || '(document)'}</code>: {issue.message}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Box>
  );
}
