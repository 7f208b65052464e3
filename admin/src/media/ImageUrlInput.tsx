/**
 * An image field: the URL typed by hand (any valid URL, checked by the form's schema) or chosen
 * from the Media Library with 'Choose from library', which sets the field to the file's public URL.
 */
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { TextInput, type TextInputProps } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { MediaPickerDialog } from './MediaPickerDialog';

export function ImageUrlInput(props: TextInputProps) {
  const { setValue } = useFormContext();
  const [picking, setPicking] = useState(false);
  return (
    <Box>
      {/* Plain text (not type=url) so that the schema's message, not the browser's, explains a bad URL. */}
      <TextInput inputProps={{ inputMode: 'url' }} {...props} />
      <Button size="small" startIcon={<PhotoLibraryIcon />} onClick={() => setPicking(true)} sx={{ mt: -1, mb: 1 }}>
        Choose from library
      </Button>
      {picking && (
        <MediaPickerDialog
          onClose={() => setPicking(false)}
          onChoose={(url) => {
            setValue(props.source, url, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
            setPicking(false);
          }}
        />
      )}
    </Box>
  );
}
