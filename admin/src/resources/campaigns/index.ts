import { lazy } from 'react';
import CampaignIcon from '@mui/icons-material/Campaign';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Newsletter campaigns (buzz_haven.campaigns): write (subject, Markdown body),
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
  fields: [
    { source: 'subject', kind: 'text', label: 'Subject', required: 'Subject is required', searchable: true },
    {
      source: 'body', kind: 'longText', label: 'Letter', required: 'The letter is required', list: false,
      helperText: 'Markdown: # Heading, **bold**, *italic*, [link text](https://...), lines starting with "- " for a list',
    },
    {
      source: 'state', kind: 'enum', label: 'State', form: false,
      choiceNames: { draft: { name: 'Draft', colour: 'amber' }, sent: { name: 'Sent', colour: 'green' } },
    },
    { source: 'recipients', kind: 'integer', label: 'Recipients', min: 0, form: false },
    { source: 'sent_at', kind: 'dateTime', label: 'Sent', form: false },
    { source: 'created_at', kind: 'dateTime', label: 'Written', list: 'desktop', form: false },
  ],
  // A record action's `send` becomes p_send; a form save sends the text.
  toArgs: (data) => (data.send
    ? { p_send: data.send }
    : { p_subject: data.subject, p_body: data.body }),
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
