/**
 * An e-mail as the recipient reads it: its subject, then its HTML body as the outbox sender writes
 * it (supabase/functions/send-messages: wording.ts for the business's messages, markdown.ts for a
 * campaign). That HTML is the sender's own: every value and every character a staff member typed
 * is escaped there (links only https:, http: and mailto:), so it is shown as is; on white, as a
 * mail client shows it, whatever the admin's theme.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface EmailPreviewProps {
  /** The region's accessible name, e.g. 'Preview of the e-mail'. */
  label: string;
  subject: string;
  html: string;
}

export function EmailPreview({ label, subject, html }: EmailPreviewProps) {
  return (
    <Box component="section" aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 2, overflow: 'hidden', bgcolor: '#fff', color: '#222' }}>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: '#ddd', bgcolor: '#f5f5f5' }}>
        <Typography variant="body2" component="p" sx={{ color: '#555' }}>Subject</Typography>
        <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{subject}</Typography>
      </Box>
      <Box
        data-testid="email-body"
        sx={{ px: 2, py: 1.5, fontFamily: 'Arial, sans-serif', lineHeight: 1.5, overflowWrap: 'anywhere', '& a': { color: '#0b57d0' } }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Box>
  );
}
