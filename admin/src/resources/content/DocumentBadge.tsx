import { useTranslate } from 'react-admin';
import { StatusBadge } from '../../common/StatusBadge';
import type { ContentDocument } from '../../types';

/** 'Unpublished changes' (the draft differs from what is live), 'Not published', or the live version. */
export function DocumentBadge({ document }: { document: Pick<ContentDocument, 'has_unpublished_changes' | 'published_version'> }) {
  const translate = useTranslate();
  if (document.published_version == null) return <StatusBadge status="draft" label={translate('buzz.content.not_published')} colour="grey" />;
  if (document.has_unpublished_changes) return <StatusBadge status="unpublished" label={translate('buzz.content.unpublished')} colour="amber" />;
  return <StatusBadge status="published" label={translate('buzz.content.version', { version: document.published_version })} colour="green" />;
}
