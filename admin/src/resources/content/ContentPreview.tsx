/**
 * Preview: the form's draft read as a page would read it, headings, paragraphs and lists, without
 * the site's layout. Link targets, icons and ids are left out; alt texts show as image captions.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { labelFromKey } from './form/labelFromKey';
import { inSchemaOrder, type FormNode } from './form/schemaFields';

type Value = unknown;
const HEADING_KEYS = ['heading', 'title', 'name', 'question'];
const HIDDEN = /^(to|href|url|variant|icon|id|slug|image)$/;
const isObject = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `level` is the level of the next heading: one below the nearest heading shown above it. */
const headingTag = (level: number) => `h${Math.min(level, 6)}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function PreviewValue({ name, value, level }: { name: string; value: Value; level: number }) {
  if (value == null || value === '' || HIDDEN.test(name)) return null;
  if (typeof value === 'string') {
    if (/alt$/i.test(name)) return <Typography variant="caption" component="p" sx={{ fontStyle: 'italic', mb: 1 }}>[Image: {value}]</Typography>;
    if (/eyebrow$/i.test(name)) return <Typography variant="overline" component="p">{value}</Typography>;
    return <Typography sx={{ mb: 1 }}>{value}</Typography>;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return <Typography sx={{ mb: 1 }}>{labelFromKey(name)}: {String(value)}</Typography>;
  }
  if (Array.isArray(value)) {
    return (
      <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1 }}>
        {value.map((item, i) => (
          <li key={i}><PreviewValue name={name} value={item} level={level} /></li>
        ))}
      </Box>
    );
  }
  if (isObject(value)) return <PreviewObject value={value} level={level} />;
  return null;
}

function PreviewObject({ value, level }: { value: Record<string, Value>; level: number }) {
  // A link ({ label, to }) reads as its label.
  if (typeof value.label === 'string' && typeof value.to === 'string') {
    return <Typography component="span" sx={{ textDecoration: 'underline', display: 'inline-block', mb: 1 }}>{value.label}</Typography>;
  }
  const headingKey = HEADING_KEYS.find((k) => typeof value[k] === 'string' && value[k]);
  // In the document's order: an eyebrow before its heading, as on the page.
  return (
    <>
      {Object.entries(value).map(([k, v]) => (k === headingKey
        ? <Typography key={k} component={headingTag(level)} variant={level === 2 ? 'h6' : 'subtitle1'} sx={{ fontWeight: 700 }}>{String(v)}</Typography>
        : <PreviewValue key={k} name={k} value={v} level={headingKey ? level + 1 : level} />))}
    </>
  );
}

/** `complete`: the draft as the page shows it (a translation completed from English). */
export function ContentPreview({ nodes, complete = (v) => v }: { nodes: FormNode[]; complete?: (values: unknown) => unknown }) {
  const translate = useTranslate();
  // In the schema's order: the order the page reads in (the stored JSON's keys are sorted by jsonb).
  const draft = inSchemaOrder(nodes, complete(useWatch())) as Record<string, Value>;
  return (
    <Box component="section" aria-label={translate('buzz.content.preview')}>
      <Alert severity="info" sx={{ mb: 2 }}>{translate('buzz.content.preview')}</Alert>
      <Box sx={{ border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 3 } }}>
        {Object.entries(draft ?? {}).map(([section, value]) => {
          // A section without a heading of its own is named by its key.
          const headed = isObject(value) && HEADING_KEYS.some((k) => value[k]);
          return (
            <Box key={section} component="section" sx={{ mb: 3 }}>
              {headed ? null : <Typography component="h2" variant="overline" color="text.secondary">{labelFromKey(section)}</Typography>}
              <PreviewValue name={section} value={value} level={headed ? 2 : 3} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
