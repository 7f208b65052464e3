/**
 * The label sheet's words: the 'label' block of the published 'pages/honey' content document
 * (content/pages/honey.yaml), read from the database and checked against its schema
 * (supabase/functions/_shared/content-schema/pages/honey.ts). Null when the document is unpublished or has no valid block.
 */
import { labelWords, type LabelWords } from '../../../../supabase/functions/_shared/content-schema/pages/honey.ts';
import { getContentDocument } from '../content/contentApi';

export function labelWordsOf(published: unknown): LabelWords | null {
  const parsed = labelWords.safeParse((published as { label?: unknown } | null | undefined)?.label);
  return parsed.success ? parsed.data : null;
}

export async function loadLabelWords(): Promise<LabelWords | null> {
  const document = await getContentDocument('pages/honey');
  return labelWordsOf(document?.published);
}
