/**
 * /admin/content: the last site build with 'Publish site', then every content document with its
 * draft and published state, and its Spanish state (needs translation, fields in English). A
 * document opens at /admin/content/<key>.
 */
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useBasename, useTranslate } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { formatDateTime } from '../../common/dates';
import type { ContentDocument } from '../../types';
import { getContentDocuments } from './contentApi';
import { DocumentBadge } from './DocumentBadge';
import { SiteBuildStatus } from './SiteBuildStatus';
import { TranslationBadge } from './TranslationBadge';

export const CONTENT_DOCUMENTS_KEY = ['content', 'documents'];
const desktop = { display: { xs: 'none', md: 'table-cell' } };

export function ContentList() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, error, isPending } = useQuery({ queryKey: CONTENT_DOCUMENTS_KEY, queryFn: () => getContentDocuments() });
  const spanish = useQuery({ queryKey: [...CONTENT_DOCUMENTS_KEY, 'es'], queryFn: () => getContentDocuments('es') });
  const translationOf = new Map((spanish.data ?? []).map((doc) => [doc.key, doc]));
  const field = (name: string) => translate(`resources.content.fields.${name}`);
  const by = (when: string | null, who: string | null) =>
    who ? translate('buzz.content.by', { when: formatDateTime(when), who }) : formatDateTime(when);
  return (
    <Box>
      <PageHeader title="Content" />
      <SiteBuildStatus withPublishButton />
      <Paper sx={{ overflowX: 'auto' }}>
        {error ? <Alert severity="error">{(error as Error).message}</Alert> : isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label="Loading content" /></Box>
        ) : (
          <Table size="small" aria-label={translate('buzz.content.documents')}>
            <TableHead>
              <TableRow>
                <TableCell>{field('title')}</TableCell>
                <TableCell>{field('has_unpublished_changes')}</TableCell>
                <TableCell>{field('needs_translation')}</TableCell>
                <TableCell sx={desktop}>{field('updated_at')}</TableCell>
                <TableCell sx={desktop}>{field('published_version')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((doc: ContentDocument) => (
                <TableRow key={doc.key} hover data-testid="content-row">
                  <TableCell>
                    <Link component={RouterLink} to={`${basename}/content/${doc.key}`} sx={{ fontWeight: 600 }}>{doc.title}</Link>
                    <Typography variant="caption" component="p" color="text.secondary" sx={{ fontFamily: 'monospace' }}>{doc.key}</Typography>
                  </TableCell>
                  <TableCell><DocumentBadge document={doc} /></TableCell>
                  <TableCell>{spanish.data ? <TranslationBadge english={doc} translation={translationOf.get(doc.key)} /> : null}</TableCell>
                  <TableCell sx={desktop}>{by(doc.updated_at, doc.updated_by_name)}</TableCell>
                  <TableCell sx={desktop}>
                    {doc.published_version == null ? '-' : (
                      <>
                        {translate('buzz.content.version', { version: doc.published_version })}
                        <Typography variant="caption" component="p" color="text.secondary">{by(doc.published_at, doc.published_by_name)}</Typography>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Box>
  );
}
