import { lazy } from 'react';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import type { ResourceDeclaration } from '../../crud/declaration';
import { languageField } from '../../crud/languageField';

const SubscriberList = lazy(() =>
  import('./SubscriberList').then((m) => ({ default: m.SubscriberList })),
);

/** Newsletter subscribers: list over `get_buzz_haven_newsletter_subscribers`, CSV export. */
const subscribers: ResourceDeclaration = {
  name: 'subscribers',
  label: 'Subscribers',
  group: 'community',
  icon: MarkEmailReadIcon,
  recordName: 'Subscriber |||| Subscribers',
  rpc: { list: 'get_buzz_haven_newsletter_subscribers' },
  fields: [
    { source: 'email', kind: 'text', label: 'Email', searchable: true },
    { source: 'created_at', kind: 'date', label: 'Subscribed' },
    { source: 'status', kind: 'text', label: 'Status' },
    { source: 'confirmed_at', kind: 'date', label: 'Confirmed' },
    languageField,
  ],
  list: SubscriberList,
  recordRepresentation: 'email',
};

export default subscribers;
