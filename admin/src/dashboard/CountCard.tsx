import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { formatCount } from '../common/numbers';

interface CountCardProps {
  title: string;
  subtitle: string;
  count: number | undefined;
  to: string;
  Icon: ComponentType<{ color?: 'primary' }>;
}

export function CountCard({ title, subtitle, count, to, Icon }: CountCardProps) {
  return (
    <Card data-testid={`count-card-${title.toLowerCase()}`}>
      <CardActionArea component={Link} to={to}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{title}</Typography>
            <Icon color="primary" />
          </Box>
          {count === undefined ? (
            <Skeleton variant="text" width={60} sx={{ fontSize: '2.125rem' }} data-testid="count-loading" />
          ) : (
            <Typography variant="h4" component="p" data-testid="count-value">{formatCount(count)}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">{subtitle}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
