import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import type { ResourceDeclaration } from '../../crud/declaration';
import { languageField } from '../../crud/languageField';

const MessageList = lazy(() => import('./MessageList').then((m) => ({ default: m.MessageList })));

/**
 * Messages sent with the public contact form: list over `get_buzz_haven_contact_messages`;
 * react-admin's `update` ({ handled }) goes to `set_buzz_haven_contact_message_handled`.
 */
const messages: ResourceDeclaration = {
  name: 'messages',
  table: 'contact_messages',
  label: 'Messages',
  group: 'site',
  icon: MailIcon,
  rpc: { list: 'get_buzz_haven_contact_messages', update: 'set_buzz_haven_contact_message_handled' },
  recordName: 'Message |||| Messages',
  fields: [
    { source: 'created_at', kind: 'dateTime', label: 'Received' },
    { source: 'name', kind: 'text', label: 'Name', searchable: true },
    { source: 'email', kind: 'text', label: 'Email', searchable: true },
    { source: 'phone', kind: 'text', label: 'Phone' },
    { source: 'subject', kind: 'text', label: 'Subject', searchable: true },
    { source: 'message', kind: 'longText', label: 'Message', searchable: true },
    { source: 'hear_about', kind: 'text', label: 'Heard about us' },
    { source: 'handled', kind: 'boolean', label: 'Handled' },
    languageField,
  ],
  toArgs: (data) => ({ p_handled: data.handled === true }),
  list: MessageList,
  recordRepresentation: 'subject',
};

export default messages;
