/** 'Changes since last publish': the form's draft against the published document, field by field. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { contentDiff, formatPath, formatValue } from './contentDiff';
import { inSchemaOrder, type FormNode } from './form/schemaFields';

const valueSx = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', px: 1, py: 0.5, borderRadius: 1 } as const;

/** Rows in the form's order (the schema's), whatever order the stored JSON has. */
export function ContentChanges({ published, nodes }: { published: Record<string, unknown> | null; nodes: FormNode[] }) {
  const translate = useTranslate();
  const draft = useWatch();
  const rows = contentDiff(inSchemaOrder(nodes, published), inSchemaOrder(nodes, draft));
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>{translate('buzz.content.diff.none')}</Typography>;
  return (
    <Box component="ul" aria-label={translate('buzz.content.tabs.changes')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => {
        const path = formatPath(row.path);
        return (
          <Box component="li" key={path} data-testid="diff-row" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, mb: 0.5 }}>{path}</Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
              <Box>
                <Typography variant="caption" color="text.secondary">{translate('buzz.content.diff.old')}</Typography>
                <Typography variant="body2" sx={{ ...valueSx, bgcolor: '#fee2e2', color: '#7f1d1d' }}>
                  <del style={{ textDecoration: row.old == null ? 'none' : undefined }}>{formatValue(row.old)}</del>
                </Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary">{translate('buzz.content.diff.new')}</Typography>
                <Typography variant="body2" sx={{ ...valueSx, bgcolor: '#dcfce7', color: '#14532d' }}>
                  <ins style={{ textDecoration: 'none' }}>{formatValue(row.new)}</ins>
                </Typography>
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
