/**
 * A batch's detail page prints its labels: one button per label paper opens the sheet
 * (labelSheet.ts) in a new tab, ready for the browser's Print. The label's facts come from
 * get_buzz_haven_honey_batch_label; the QR code (the `qrcode` package, loaded on first use) links
 * to the batch's page on the site.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useNotify, useRecordContext } from 'react-admin';
import { supabase } from '../../providers/supabase';
import { batchPageUrl, LABEL_PAPERS, labelSheetHtml, siteUrl, type BatchLabel, type LabelPaperId } from './labelSheet';

export function LabelSheetPanel() {
  const batch = useRecordContext<{ id: string; code: string; jar_count: number; published: boolean }>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!batch) return null;

  const print = async (paperId: LabelPaperId) => {
    // Opened now, while the click still counts as the user's, then filled.
    const tab = window.open('', '_blank');
    if (!tab) {
      notify('The browser blocked the label sheet\'s tab: allow pop-ups for this site', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const { data, error } = await supabase.rpc('get_buzz_haven_honey_batch_label', { p_id: batch.id });
      if (error) throw new Error(error.message);
      const label = (Array.isArray(data) ? data[0] : data) as BatchLabel;
      const url = batchPageUrl(siteUrl(), label.code);
      const { toString } = await import('qrcode');
      const svg = await toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      tab.document.open();
      tab.document.write(labelSheetHtml(label, LABEL_PAPERS[paperId], url, svg, batch.jar_count));
      tab.document.close();
    } catch (error) {
      tab.close();
      notify(`The label sheet could not be made: ${(error as Error).message}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label="Labels" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" gutterBottom>Labels</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A sheet of labels with the product, net weight, batch code, where and when it was harvested and a QR code
        of the batch&apos;s page{batch.published ? '' : ' (the page is on the site once the batch is published and the site is)'}.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {Object.values(LABEL_PAPERS).map((paper) => (
          <Button key={paper.id} variant="outlined" startIcon={<PrintIcon />} disabled={busy} onClick={() => void print(paper.id)}>
            Print labels: {paper.name}
          </Button>
        ))}
      </Box>
    </Box>
  );
}

export default LabelSheetPanel;
