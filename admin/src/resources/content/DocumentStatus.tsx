/** Under the title: the key, the draft's revision and last save, what is live, and the badge. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import type { ContentDocument } from '../../types';
import { DocumentBadge } from './DocumentBadge';
import { StatusBadge } from '../../common/StatusBadge';

/** `dirty`: the form holds edits not saved yet (the badge shows what the server has). */
export function DocumentStatus({ document, revision, dirty }: { document: ContentDocument; revision: number; dirty: boolean }) {
  const translate = useTranslate();
  const by = (when: string | null, who: string | null) =>
    who ? translate('buzz.content.by', { when: formatDateTime(when), who }) : formatDateTime(when);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: -2, mb: 2 }} data-testid="document-status">
      <DocumentBadge document={document} />
      {document.needs_translation
        ? <StatusBadge status="needs-translation" label={translate('buzz.content.needs_translation')} colour="amber" />
        : null}
      {dirty ? <StatusBadge status="unsaved" label={translate('buzz.content.unsaved')} colour="red" /> : null}
      <Typography variant="body2" color="text.secondary">
        <code>{document.key}</code>
        {' · '}{translate('buzz.content.revision', { revision })}
        {' · '}{translate('resources.content.fields.updated_at')}: {by(document.updated_at, document.updated_by_name)}
        {document.published_version != null
          ? ` · ${translate('resources.content.fields.published_version')}: ${translate('buzz.content.version', { version: document.published_version })}, ${by(document.published_at, document.published_by_name)}`
          : ''}
      </Typography>
    </Box>
  );
}
