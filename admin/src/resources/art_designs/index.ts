import { lazy } from 'react';
import BrushIcon from '@mui/icons-material/Brush';
import type { ResourceDeclaration } from '../../crud/declaration';
import { ART_STATUS_NAMES } from './artStatus';

const ArtGallery = lazy(() => import('./ArtGallery'));

/**
 * The hive-wrap art collective's designs (buzz_haven.art_designs):
 * a gallery of the submissions past the artist's e-mail confirmation, filtered by state, with this
 * month's vote and its Close vote button; each design's page shows its picture, its print checks
 * and the moderation buttons (approve for a month's vote, decline with a reason, mark printed).
 * Installing a printed wrap on a hive is the Hive Wraps resource.
 */
const artDesigns: ResourceDeclaration = {
  name: 'art_designs',
  label: 'Art Designs',
  group: 'community',
  recordName: 'Design |||| Designs',
  icon: BrushIcon,
  rpc: { list: 'get_buzz_haven_art_designs' },
  fields: [
    { source: 'title', kind: 'text', label: 'Title', searchable: true },
    { source: 'artist_name', kind: 'text', label: 'Artist', searchable: true },
    { source: 'status', kind: 'enum', label: 'State', choiceNames: ART_STATUS_NAMES },
    { source: 'vote_month', kind: 'date', label: 'Vote month' },
    { source: 'statement', kind: 'longText', label: 'Statement', list: false },
    { source: 'email', kind: 'text', label: 'E-mail', list: false, searchable: true },
    { source: 'link', kind: 'url', label: 'Link', list: false },
    { source: 'print_check', kind: 'text', label: 'Print checks', list: false },
    { source: 'file_type', kind: 'text', label: 'File type', list: false },
    { source: 'width', kind: 'integer', label: 'Width (px)', list: false },
    { source: 'height', kind: 'integer', label: 'Height (px)', list: false },
    { source: 'file_bytes', kind: 'integer', label: 'File size (bytes)', list: false },
    { source: 'votes', kind: 'integer', label: 'Votes (after the close)', list: false },
    { source: 'winner', kind: 'boolean', label: 'Winner', list: false },
    { source: 'decline_reason', kind: 'longText', label: 'Decline reason', list: false },
    { source: 'created_at', kind: 'dateTime', label: 'Submitted', list: 'desktop' },
  ],
  listOptions: {
    sort: { field: 'created_at', order: 'DESC' },
    filters: ['status'],
    empty: 'No designs yet. Artists submit them on the site\'s /art page.',
  },
  list: ArtGallery,
  create: false,
  edit: false,
  panels: [lazy(() => import('./ArtModerationPanel'))],
  history: false,
  recordRepresentation: 'title',
};

export default artDesigns;
