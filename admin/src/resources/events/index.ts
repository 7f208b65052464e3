import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import type { ResourceDeclaration } from '../../crud/declaration';

/** Events: list, detail, create, edit, cancel and delete, all generated from these fields. */
const events: ResourceDeclaration = {
  name: 'events',
  label: 'Events',
  group: 'events',
  recordName: 'Event |||| Events',
  icon: EventIcon,
  rpc: {
    list: 'get_buzz_haven_events',
    create: 'create_buzz_haven_event',
    update: 'update_buzz_haven_event',
    delete: 'delete_buzz_haven_event',
  },
  fields: [
    { source: 'title', kind: 'text', label: 'Title', header: 'Event', required: true, searchable: true },
    { source: 'location', kind: 'text', label: 'Location', list: 'desktop', searchable: true },
    { source: 'start_time', kind: 'dateTime', label: 'Start', required: 'Start time is required' },
    { source: 'end_time', kind: 'dateTime', label: 'End', list: 'desktop' },
    {
      source: 'status', kind: 'enum', label: 'Status', required: true, defaultValue: 'scheduled',
      choiceNames: {
        scheduled: { name: 'Scheduled', colour: 'blue' },
        completed: { name: 'Completed', colour: 'green' },
        cancelled: { name: 'Cancelled', colour: 'red' },
      },
    },
    {
      source: 'kind', kind: 'enum', label: 'Kind', required: true, defaultValue: 'workshop', list: false,
      choiceNames: {
        workshop: 'Workshop', open_day: 'Open day', harvest: 'Harvest',
        market: 'Market', volunteer: 'Volunteer shift', other: 'Other',
      },
    },
    {
      // The workshop this event is a session of: a row of Workshop Prices by slug, named by its
      // title in Content (catalog/workshop-offerings); the site's schedule shows that title and
      // the offering's card its next date.
      source: 'offering', kind: 'reference', reference: 'workshop_offerings', referenceKey: 'slug',
      label: 'Workshop offering', list: false,
      helperText: 'For workshops: the offering on the Workshops page this is a session of',
    },
    { source: 'capacity', kind: 'integer', label: 'Capacity', list: false, helperText: 'Empty = no limit (a volunteer shift needs one)' },
    { source: 'price', kind: 'money', label: 'Price (cents)', defaultValue: 0, list: false, messages: { min: 'Price must be positive' } },
    { source: 'is_public', kind: 'boolean', label: 'Shown on the site', defaultValue: false, list: false },
    { source: 'description', kind: 'longText', label: 'Description', list: false, searchable: true },
  ],
  validate: ({ start_time: start, end_time: end }): Record<string, string> =>
    start && end && new Date(end as string) <= new Date(start as string) ? { end_time: 'End must be after start' } : {},
  listOptions: {
    // Coming events soonest first, then past ones newest first (both columns: buzz_haven_lists.events).
    sort: { field: 'is_past,time_from_now', order: 'ASC' },
    empty: 'No events scheduled. Add your first event!',
    createLabel: 'Create Event',
    logOnlyOnError: true,
  },
  recordActions: [{ label: 'Cancel Event', set: { status: 'cancelled' }, done: 'Event cancelled' }],
  // A workshop's registrations (cancel, mark attended), loaded with the detail page.
  panels: [lazy(() => import('../registrations/RegistrationsPanel'))],
  // A volunteer shift's roster (get_buzz_haven_volunteer_signups).
  related: [{ resource: 'volunteer_signups', target: 'event_id', label: 'Volunteers', sort: { field: 'created_at', order: 'ASC' } }],
  dashboard: { position: 3 },
  recordRepresentation: 'title',
};

export default events;
