import { useState } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { formatDate } from '../../common/dates';
import { isImage, mainType } from '../../media/mediaType';
import { MediaActions } from './MediaActions';
import type { MediaRecord } from '../../types';

const previewSx = { aspectRatio: '4 / 3', width: '100%', display: 'block', bgcolor: 'grey.100' };

/**
 * One media item: the picture (alt = title) or, for other types and for pictures that fail to
 * load, a tile naming the main part of the mime type; then the title, the created date and the
 * actions (MediaActions.tsx).
 */
export const MediaTile = ({ item }: { item: MediaRecord }) => {
  const [broken, setBroken] = useState(false);
  const showImage = isImage(item.file_type) && !broken;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {showImage ? (
        <Box
          component="img"
          src={item.file_path}
          alt={item.title}
          loading="lazy"
          onError={() => setBroken(true)}
          sx={{ ...previewSx, objectFit: 'cover' }}
        />
      ) : (
        <Box
          role="img"
          aria-label={`${item.title} (${mainType(item.file_type)})`}
          sx={{
            ...previewSx, display: 'flex', flexDirection: 'column', alignItems: 'center',
            justifyContent: 'center', color: 'text.secondary', gap: 1,
          }}
        >
          <InsertDriveFileIcon fontSize="large" />
          <Typography variant="body2" component="span">{mainType(item.file_type)}</Typography>
        </Box>
      )}
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle2" component="p" noWrap title={item.title}>
          {item.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDate(item.created_at)}
        </Typography>
        <MediaActions item={item} />
      </CardContent>
    </Card>
  );
};
