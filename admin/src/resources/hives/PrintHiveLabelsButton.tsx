/**
 * Hives' "Print hive labels": a sheet of weatherproof labels, one per hive that is not retired,
 * each with a QR code of the hive's sign page (hiveLabelSheet.ts), opened in a new tab ready for
 * the browser's Print. The sheet's words are the 'pages/hives' document's sign label block; the
 * button's own are the catalogue's buzz.hive_labels (i18n/en.ts).
 */
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import { usePrintTab } from '../../common/usePrintTab';
import { HiveSign } from '../../../../supabase/functions/_shared/content-schema/pages/hives.ts';
import { supabase } from '../../providers/supabase';
import { getContentDocument } from '../content/contentApi';
import { hiveLabelSheetHtml, hiveSignUrl, siteUrl, type HiveLabel } from './hiveLabelSheet';

/** The published sign label words, or null when the document has none valid. */
export async function loadHiveLabelWords() {
  const document = await getContentDocument('pages/hives');
  const parsed = HiveSign.shape.label.safeParse((document?.published as { sign?: { label?: unknown } } | null)?.sign?.label);
  return parsed.success ? parsed.data : null;
}

export function PrintHiveLabelsButton() {
  const translate = useTranslate();
  const { busy, print } = usePrintTab();
  const make = async () => {
    const words = await loadHiveLabelWords();
    if (!words) throw new Error(translate('buzz.hive_labels.no_words'));
    const { data, error } = await supabase.rpc('get_buzz_haven_hives').neq('status', 'retired').order('name');
    if (error) throw new Error(error.message);
    const hives = (data ?? []) as HiveLabel[];
    const site = siteUrl();
    const { toString } = await import('qrcode');
    const svgs = await Promise.all(hives.map((h) => toString(hiveSignUrl(site, h.sign_code), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })));
    return hiveLabelSheetHtml(hives, svgs, site, words);
  };
  return (
    <Button variant="outlined" startIcon={<PrintIcon />} disabled={busy} onClick={() => void print(make)}>
      {translate('buzz.hive_labels.print')}
    </Button>
  );
}

export default PrintHiveLabelsButton;
