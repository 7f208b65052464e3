import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../common/PageHeader';
import { resources } from '../resources';
import { CountCard } from './CountCard';
import { HivesDueCard } from './HivesDueCard';
import { useTableCounts } from './useTableCounts';

/** The declarations with a dashboard card, in their declared positions. */
export const DASHBOARD_RESOURCES = resources
  .filter((r) => r.dashboard)
  .sort((a, b) => a.dashboard!.position - b.dashboard!.position);

export function Dashboard() {
  const { data } = useTableCounts(DASHBOARD_RESOURCES.map((r) => r.name));
  return (
    <Box>
      <PageHeader title="Dashboard" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {DASHBOARD_RESOURCES.map(({ name, label, icon }) => (
          <CountCard
            key={name}
            title={label}
            subtitle={`Manage your ${name}`}
            count={data?.[name]}
            to={`/admin/${name}`}
            Icon={icon}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' } }}>
        <HivesDueCard />
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Recent Activity</Typography>
            <Typography color="text.secondary">No recent activity to display.</Typography>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
