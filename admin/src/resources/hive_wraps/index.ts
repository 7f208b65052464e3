import WallpaperIcon from '@mui/icons-material/Wallpaper';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Wrap installations (the art design's 'installed' step): a printed art design linked to a hive with the day
 * it went up and photos from the media library. Creating one marks the design installed; the
 * public map (/hives) shows each hive's latest wrap after the next site build.
 */
const hiveWraps: ResourceDeclaration = {
  name: 'hive_wraps',
  label: 'Hive Wraps',
  group: 'hives',
  recordName: 'Wrap installation |||| Wrap installations',
  icon: WallpaperIcon,
  rpc: {
    list: 'get_buzz_haven_hive_wraps',
    create: 'create_buzz_haven_hive_wrap',
    update: 'update_buzz_haven_hive_wrap',
    delete: 'delete_buzz_haven_hive_wrap',
  },
  fields: [
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Hive', required: 'Hive is required', list: false },
    { source: 'hive_name', kind: 'text', label: 'Hive', form: false, show: false, searchable: true },
    {
      source: 'design_id', kind: 'reference', reference: 'wrap_designs', label: 'Design', list: false,
      required: 'Design is required', helperText: 'A printed design (a winner of a monthly vote)',
    },
    { source: 'design_title', kind: 'text', label: 'Design', form: false, show: false, searchable: true },
    { source: 'artist_name', kind: 'text', label: 'Artist', form: false, searchable: true },
    { source: 'installed_on', kind: 'date', label: 'Installed on', required: 'Installed on is required' },
    { source: 'photo_url', kind: 'image', label: 'Photo', list: 'desktop', helperText: 'Choose a photo of the wrapped hive from the media library' },
    { source: 'second_photo_url', kind: 'image', label: 'Second photo', list: false },
    { source: 'notes', kind: 'longText', label: 'Notes', list: false },
  ],
  listOptions: {
    sort: { field: 'installed_on', order: 'DESC' },
    empty: 'No wraps installed yet. Install a printed design on a hive.',
    createLabel: 'Install a wrap',
  },
  recordRepresentation: 'design_title',
};

export default hiveWraps;
