/**
 * A campaign's detail page shows the letter as subscribers will read it before it is sent: the
 * subject and the Markdown turned into HTML by the sender's own renderer
 * (supabase/functions/send-messages/markdown.ts, the same the outbox sends), then what the sender
 * adds under every campaign.
 */
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import { markdownToHtml } from '../../../../supabase/functions/send-messages/markdown.ts';
import { EmailPreview } from '../../common/EmailPreview';

export function CampaignPreview() {
  const campaign = useRecordContext<{ subject?: string; body?: string; state?: string }>();
  if (!campaign) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {campaign.state === 'sent' ? 'The e-mail as it was sent' : 'Preview of the e-mail'}
      </Typography>
      <EmailPreview label="Preview of the e-mail" subject={campaign.subject ?? ''} html={markdownToHtml(campaign.body ?? '')} />
      <Typography variant="body2" color="text.secondary">
        Under the letter, each subscriber gets your contact details and their own unsubscribe link.
      </Typography>
    </Box>
  );
}

export default CampaignPreview;
