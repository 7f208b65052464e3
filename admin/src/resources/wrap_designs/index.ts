import PaletteIcon from '@mui/icons-material/Palette';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';

/** The designs a wrap installation may name (printed, or installed elsewhere): its Design choices. */
const wrapDesigns: ResourceDeclaration = {
  ...EMBEDDED_ONLY,
  name: 'wrap_designs',
  label: 'Printed designs',
  icon: PaletteIcon,
  rpc: { list: 'get_buzz_haven_wrap_designs' },
  fields: [
    { source: 'title', kind: 'text', label: 'Title' },
    { source: 'artist_name', kind: 'text', label: 'Artist' },
  ],
  listOptions: { sort: { field: 'title', order: 'ASC' } },
  recordRepresentation: 'title',
};

export default wrapDesigns;
