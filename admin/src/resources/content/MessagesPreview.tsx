/**
 * The Preview tab of the 'messages' document (content/messages.yaml): every e-mail of the draft as
 * a customer or a staff member would receive it, filled with sample values. The wording is filled
 * by the sender's own code (supabase/functions/send-messages/wording.ts and values.ts, with the
 * sample data of samples.ts), so paragraphs, left-out empty paragraphs, the order's table and the
 * footer read as they will be sent. A message whose draft cannot be filled says why instead.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { MESSAGE_KINDS, type MessageKind, type MessagesDocument } from '../../../../supabase/functions/_shared/content-schema/messages.ts';
import { SAMPLE_DATA, sampleBusiness } from '../../../../supabase/functions/send-messages/samples.ts';
import { contactLineOf, placeholderValues, type Line } from '../../../../supabase/functions/send-messages/values.ts';
import { fillWording, type FilledWording } from '../../../../supabase/functions/send-messages/wording.ts';
import { EmailPreview } from '../../common/EmailPreview';
import outbox from '../outbox/index';
import { fieldOf } from '../../crud/tableRules';

const kindNames = fieldOf(outbox, 'kind').choices!;
/** The outbox's name of a kind ('Order received'), or the kind itself. */
export const kindName = (kind: string): string => kindNames.find((c) => c.id === kind)?.name ?? kind;

/** Each kind's e-mail filled with the samples, or why it cannot be. */
export function previewMessages(draft: MessagesDocument): { kind: MessageKind; filled?: FilledWording; error?: string }[] {
  const business = sampleBusiness();
  const values = placeholderValues(SAMPLE_DATA, business);
  const draftWithFooter = { ...draft, footer: draft?.footer ?? '' };
  return MESSAGE_KINDS.map((kind) => {
    const template = draft?.messages?.[kind];
    if (!template || typeof template.subject !== 'string' || typeof template.body !== 'string') {
      return { kind, error: 'This message has no subject or text yet.' };
    }
    return { kind, filled: fillWording(kind, draftWithFooter, values, contactLineOf(business), SAMPLE_DATA.order.lines as Line[]) };
  });
}

/** `complete`: the draft as it is sent (a translation completed from the English words). */
export function MessagesPreview({ complete = (v) => v }: { complete?: (values: unknown) => unknown }) {
  const draft = complete(useWatch()) as MessagesDocument;
  const messages = previewMessages(draft);
  return (
    <Box component="section" aria-label="Preview of every e-mail">
      <Alert severity="info" sx={{ mb: 2 }}>
        Preview of the draft (not published): each e-mail with sample values in its placeholders, as the recipient reads it.
        The contact details under each one are samples too: sent e-mails show the published Site document's.
      </Alert>
      {messages.map(({ kind, filled, error }) => (
        <Box key={kind} sx={{ mb: 3 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>{kindName(kind)}</Typography>
          {filled
            ? <EmailPreview label={kindName(kind)} subject={filled.subject} html={filled.bodyHtml} />
            : <Alert severity="warning">{error}</Alert>}
        </Box>
      ))}
    </Box>
  );
}

export default MessagesPreview;
