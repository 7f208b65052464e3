/**
 * A batch's detail page prints its labels: one button per label paper opens the sheet
 * (labelSheet.ts) in a new tab, ready for the browser's Print. The label's facts come from
 * get_buzz_haven_honey_batch_label; the QR code (the `qrcode` package, loaded on first use) links
 * to the batch's page on the site. The sheet's words are the 'pages/honey' content document's
 * 'label' block (labelWords.ts); the panel's own are the catalogue's buzz.labels (i18n/en.ts).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { usePrintTab } from '../../common/usePrintTab';
import { supabase } from '../../providers/supabase';
import { batchPageUrl, LABEL_PAPERS, labelSheetHtml, siteUrl, type BatchLabel, type LabelPaperId } from './labelSheet';
import { loadLabelWords } from './labelWords';

export function LabelSheetPanel() {
  const batch = useRecordContext<{ id: string; code: string; jar_count: number; published: boolean }>();
  const translate = useTranslate();
  const { busy, print: printTab } = usePrintTab();
  const { data: words, isPending, isError } = useQuery({
    queryKey: ['content-document', 'pages/honey', 'label'],
    queryFn: loadLabelWords,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!batch) return null;

  const print = (paperId: LabelPaperId) => {
    if (!words) return;
    void printTab(async () => {
      const { data, error } = await supabase.rpc('get_buzz_haven_honey_batch_label', { p_id: batch.id });
      if (error) throw new Error(error.message);
      const label = (Array.isArray(data) ? data[0] : data) as BatchLabel;
      const url = batchPageUrl(siteUrl(), label.code);
      const { toString } = await import('qrcode');
      const svg = await toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return labelSheetHtml(label, LABEL_PAPERS[paperId], url, svg, batch.jar_count, words);
    });
  };

  return (
    <Box component="section" aria-label={translate('buzz.labels.heading')} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" gutterBottom>{translate('buzz.labels.heading')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(batch.published ? 'buzz.labels.intro' : 'buzz.labels.intro_unpublished')}
      </Typography>
      {words ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {Object.values(LABEL_PAPERS).map((paper) => (
            <Button key={paper.id} variant="outlined" startIcon={<PrintIcon />} disabled={busy} onClick={() => print(paper.id)}>
              {translate('buzz.labels.print', { paper: words.papers[paper.wordsKey] })}
            </Button>
          ))}
        </Box>
      ) : (
        !isPending && (
          <Typography variant="body2" role={isError ? 'alert' : undefined}>{translate('buzz.labels.no_words')}</Typography>
        )
      )}
    </Box>
  );
}

export default LabelSheetPanel;
