import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import type { ResourceDeclaration } from '../types';

const MessageList = lazy(() => import('./MessageList').then((m) => ({ default: m.MessageList })));

/**
 * Messages sent with the public contact form: list over `get_buzz_haven_contact_messages`;
 * react-admin's `update` ({ handled }) goes to `set_buzz_haven_contact_message_handled`.
 */
const messages: ResourceDeclaration = {
  name: 'messages',
  label: 'Messages',
  icon: MailIcon,
  rpc: { list: 'get_buzz_haven_contact_messages', update: 'set_buzz_haven_contact_message_handled' },
  toArgs: (data) => ({ p_handled: data.handled === true }),
  messages: {
    name: 'Message |||| Messages',
    fields: {
      created_at: 'Received', name: 'Name', email: 'Email', phone: 'Phone', subject: 'Subject',
      message: 'Message', hear_about: 'Heard about us', handled: 'Handled',
    },
  },
  list: MessageList,
  recordRepresentation: 'subject',
};

export default messages;
