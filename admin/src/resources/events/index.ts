import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import type { ResourceDeclaration } from '../types';

const EventList = lazy(() => import('./EventList').then((m) => ({ default: m.EventList })));
const EventShow = lazy(() => import('./EventShow').then((m) => ({ default: m.EventShow })));

/** Events: read-only list and detail over `get_buzz_haven_events`. */
const events: ResourceDeclaration = {
  name: 'events',
  label: 'Events',
  icon: EventIcon,
  rpc: { list: 'get_buzz_haven_events' },
  messages: {
    name: 'Event |||| Events',
    fields: {
      title: 'Event', location: 'Location', start_time: 'Start', end_time: 'End', status: 'Status',
      actions: 'Actions',
    },
  },
  list: EventList,
  show: EventShow,
  recordRepresentation: 'title',
};

export default events;
