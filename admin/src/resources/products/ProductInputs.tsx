import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { ImageUrlInput } from '../../media/ImageUrlInput';
import { useDeclaration } from '../../crud/useDeclaration';

/**
 * The product fields, shared by the create and edit dialog. Labels come from the i18n catalogue,
 * hints and choices from the products declaration (read from the resource context).
 */
export function ProductInputs() {
  const { fields } = useDeclaration();
  const field = (source: string) => fields.find((f) => f.source === source)!;
  return (
    <>
      <TextInput source="name" autoFocus />
      <TextInput source="description" multiline minRows={3} />
      <TextInput source="name_es" helperText={field('name_es').helperText} />
      <TextInput source="description_es" multiline minRows={3} helperText={field('description_es').helperText} />
      <NumberInput source="price" step={1} helperText="In cents: 2000 = $20.00" />
      <TextInput source="category" />
      <ImageUrlInput source="image_url" />
      <TextInput source="image_alt" />
      <TextInput source="slug" helperText={field('slug').helperText} />
      <TextInput source="size_label" helperText={field('size_label').helperText} />
      <SelectInput source="section" choices={field('section').choices!} emptyText="-" />
      <NumberInput source="sort_order" step={1} helperText={field('sort_order').helperText} />
      <BooleanInput source="featured" />
    </>
  );
}
