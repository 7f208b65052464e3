import { Box, Skeleton } from '@mui/material';
import { useListContext } from 'react-admin';
import { MediaTile } from './MediaTile';
import type { MediaRecord } from '../../types';

/** 2 columns on phones, 3 on tablets, 4 on desktops. */
const gridSx = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
  },
  gap: 2,
  p: 2,
  m: 0,
  listStyle: 'none',
};

/** The Media Library's page of items as a responsive grid (a list for assistive technology). */
export const MediaGrid = () => {
  const { data, isPending } = useListContext<MediaRecord>();
  if (isPending) {
    return (
      <Box sx={gridSx}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rectangular" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
        ))}
      </Box>
    );
  }
  return (
    <Box component="ul" sx={gridSx} aria-label="Media files">
      {(data ?? []).map((item) => (
        <li key={item.id}>
          <MediaTile item={item} />
        </li>
      ))}
    </Box>
  );
};
