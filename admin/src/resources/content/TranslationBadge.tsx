/**
 * A document's Spanish state in the Content list: 'Not translated', 'Needs translation' (English was
 * published since the Spanish) or 'Translated', and how many fields of the published Spanish show
 * the English words (withFallback, as the site build completes it).
 */
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { withFallback } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { StatusBadge } from '../../common/StatusBadge';
import type { ContentDocument } from '../../types';

type Row = Pick<ContentDocument, 'published' | 'needs_translation'>;

/** The fields of the published translation that show the English words (none when nothing is published). */
export const fallbackFields = (english: Row, translation: Row | undefined): string[] =>
  translation?.published && english.published ? withFallback(translation.published, english.published).missing : [];

export function TranslationBadge({ english, translation }: { english: Row; translation: Row | undefined }) {
  const translate = useTranslate();
  if (!translation?.published) {
    return <StatusBadge status="untranslated" label={translate('buzz.content.not_translated')} colour="grey" />;
  }
  const missing = fallbackFields(english, translation).length;
  return (
    <>
      {english.needs_translation
        ? <StatusBadge status="needs-translation" label={translate('buzz.content.needs_translation')} colour="amber" />
        : <StatusBadge status="translated" label={translate('buzz.content.translated')} colour="green" />}
      {missing > 0 ? (
        <Typography variant="caption" component="p" color="text.secondary" data-testid="fallback-count">
          {translate('buzz.content.fallback_count', { smart_count: missing })}
        </Typography>
      ) : null}
    </>
  );
}
