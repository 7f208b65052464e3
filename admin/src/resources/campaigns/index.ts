import { lazy } from 'react';
import CampaignIcon from '@mui/icons-material/Campaign';
import type { FieldDeclaration, ResourceDeclaration } from '../../crud/declaration';
import { fieldsToArgs } from '../../crud/toArgs';

const MARKDOWN_HINT = 'Markdown: # Heading, **bold**, *italic*, [link text](https://...), lines starting with "- " for a list';

const fields: FieldDeclaration[] = [
  { source: 'subject', kind: 'text', label: 'Subject', required: 'Subject is required', searchable: true },
  { source: 'body', kind: 'longText', label: 'Letter', required: 'The letter is required', list: false, helperText: MARKDOWN_HINT },
  // Subscribers who signed up on a Spanish page get these; one left empty is sent in English.
  {
    source: 'subject_es', kind: 'text', label: 'Subject in Spanish', list: false,
    helperText: 'For subscribers who signed up in Spanish; empty sends them the English subject',
  },
  {
    source: 'body_es', kind: 'longText', label: 'Letter in Spanish', list: false,
    helperText: `${MARKDOWN_HINT}. Empty sends Spanish subscribers the English letter`,
  },
  {
    source: 'state', kind: 'enum', label: 'State', form: false,
    choiceNames: { draft: { name: 'Draft', colour: 'amber' }, sent: { name: 'Sent', colour: 'green' } },
  },
  { source: 'recipients', kind: 'integer', label: 'Recipients', min: 0, form: false },
  { source: 'sent_at', kind: 'dateTime', label: 'Sent', form: false },
  { source: 'created_at', kind: 'dateTime', label: 'Written', list: 'desktop', form: false },
];
const formArgs = fieldsToArgs(fields);

/**
 * Newsletter campaigns (buzz_haven.campaigns): write (subject, Markdown body, and the Spanish ones
 * for the subscribers who signed up in Spanish),
 * 'Send Test to Me' (to the signed-in staff member only), then 'Send to Subscribers' (owners and
 * admins; every confirmed subscriber, once). Each recipient's delivery state is its outbox row,
 * listed under 'Deliveries'; the detail page previews the letter as the e-mail shows it
 * (CampaignPreview). A sent campaign cannot be edited or deleted (the RPCs refuse).
 */
const campaigns: ResourceDeclaration = {
  name: 'campaigns',
  label: 'Campaigns',
  group: 'community',
  recordName: 'Campaign |||| Campaigns',
  icon: CampaignIcon,
  rpc: {
    list: 'get_buzz_haven_campaigns',
    create: 'create_buzz_haven_campaign',
    update: 'update_buzz_haven_campaign',
    delete: 'delete_buzz_haven_campaign',
  },
  fields,
  // A record action's `send` becomes p_send; a form save sends the text.
  toArgs: (data, mode, previous) => (data.send ? { p_send: data.send } : formArgs(data, mode, previous)),
  listOptions: {
    sort: { field: 'created_at', order: 'DESC' },
    empty: 'No campaigns yet. Write one, send yourself a test, then send it to your subscribers.',
    createLabel: 'Write campaign',
  },
  recordActions: [
    { label: 'Send Test to Me', set: { send: 'test' }, done: 'Test queued to your address' },
    {
      label: 'Send to Subscribers', set: { send: 'all' }, done: 'Campaign queued to every confirmed subscriber',
      when: (r) => r.state === 'draft',
      confirm: 'Send this campaign to every confirmed subscriber now? It cannot be changed or sent again afterwards.',
    },
  ],
  // The letter as the sender renders it (its Markdown renderer, shared).
  panels: [lazy(() => import('./CampaignPreview'))],
  history: false,
  recordRepresentation: 'subject',
};

export default campaigns;
