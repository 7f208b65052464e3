import MapIcon from '@mui/icons-material/Map';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The service area's ZIP codes (buzz_haven.service_area_zips): a host application
 * from another ZIP is kept on the waitlist, and the site's message names these areas and ZIPs.
 */
const serviceArea: ResourceDeclaration = {
  name: 'service_area_zips',
  label: 'Service Area',
  group: 'settings',
  recordName: 'Service area ZIP |||| Service area ZIPs',
  icon: MapIcon,
  rpc: {
    list: 'get_buzz_haven_service_area_zips',
    create: 'create_buzz_haven_service_area_zip',
    update: 'update_buzz_haven_service_area_zip',
    delete: 'delete_buzz_haven_service_area_zip',
  },
  fields: [
    { source: 'zip', kind: 'text', label: 'ZIP code', required: 'ZIP code is required', searchable: true,
      helperText: '5 digits' },
    { source: 'area', kind: 'text', label: 'Area', required: 'Area is required', searchable: true,
      helperText: 'The name visitors read, e.g. East Hills' },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'zip', order: 'ASC' }, empty: 'No ZIP codes: every host application goes to the waitlist.', createLabel: 'Add ZIP code' },
  recordRepresentation: 'zip',
};

export default serviceArea;
