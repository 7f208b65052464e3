import { NumberInput, TextInput } from 'react-admin';
import { ImageUrlInput } from '../../common/ImageUrlInput';

/** The product fields, shared by the create and edit dialog. Labels come from the i18n catalogue. */
export function ProductInputs() {
  return (
    <>
      <TextInput source="name" autoFocus />
      <TextInput source="description" multiline minRows={3} />
      <NumberInput source="price" step={1} helperText="In cents: 2000 = $20.00" />
      <TextInput source="category" />
      <ImageUrlInput source="image_url" />
    </>
  );
}
