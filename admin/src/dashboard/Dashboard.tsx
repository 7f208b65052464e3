import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import EventIcon from '@mui/icons-material/Event';
import HiveIcon from '@mui/icons-material/Hive';
import ArticleIcon from '@mui/icons-material/Article';
import PeopleIcon from '@mui/icons-material/People';
import { PageHeader } from '../common/PageHeader';
import { CountCard } from './CountCard';
import { useTableCounts, type DashboardTable } from './useTableCounts';

const CARDS: { table: DashboardTable; title: string; Icon: typeof EventIcon }[] = [
  { table: 'products', title: 'Products', Icon: Inventory2Icon },
  { table: 'orders', title: 'Orders', Icon: ShoppingCartIcon },
  { table: 'events', title: 'Events', Icon: EventIcon },
  { table: 'hives', title: 'Hives', Icon: HiveIcon },
  { table: 'content', title: 'Content', Icon: ArticleIcon },
  { table: 'users', title: 'Users', Icon: PeopleIcon },
];

export function Dashboard() {
  const { data } = useTableCounts();
  return (
    <Box>
      <PageHeader title="Dashboard" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {CARDS.map(({ table, title, Icon }) => (
          <CountCard
            key={table}
            title={title}
            subtitle={`Manage your ${table}`}
            count={data?.[table]}
            to={`/admin/${table}`}
            Icon={Icon}
          />
        ))}
      </Box>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Recent Activity</Typography>
          <Typography color="text.secondary">No recent activity to display.</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
