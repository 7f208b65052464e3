import Box from '@mui/material/Box';
import { PageHeader } from '../common/PageHeader';
import { tableOf } from '../crud/declaration';
import { resources } from '../resources';
import { CountCard } from './CountCard';
import { FailedMailAlert } from './FailedMailAlert';
import { HivesDueCard } from './HivesDueCard';
import { useTableCounts } from './useTableCounts';
import { RecentActivity } from './RecentActivity';
import { TodayCards } from './TodayCards';
import { SwarmReportsCard } from './SwarmReportsCard';
import { inSwarmSeason } from './swarmSeason';
import { useSwarmSeason } from './useSwarmSeason';

/** The declarations with a dashboard card, in their declared positions. */
export const DASHBOARD_RESOURCES = resources
  .filter((r) => r.dashboard)
  .sort((a, b) => a.dashboard!.position - b.dashboard!.position);

export function Dashboard() {
  const { data } = useTableCounts(DASHBOARD_RESOURCES.map(tableOf));
  // In the hotline's season (catalog/swarm as published) the open swarm reports come first; out of
  // it, beside the hives due.
  const season = useSwarmSeason();
  const inSeason = inSwarmSeason(new Date(), season);
  return (
    <Box>
      <PageHeader title="Dashboard" />
      <FailedMailAlert />
      <TodayCards />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {inSeason ? <SwarmReportsCard season={season} /> : null}
        {DASHBOARD_RESOURCES.map((declaration) => ({ ...declaration, table: tableOf(declaration) })).map(({ name, table, label, icon }) => (
          <CountCard
            key={name}
            title={label}
            subtitle={`Manage your ${name}`}
            count={data?.[table]}
            to={`/admin/${name}`}
            Icon={icon}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' } }}>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {inSeason ? null : <SwarmReportsCard season={null} />}
          <HivesDueCard />
        </Box>
        <RecentActivity />
      </Box>
    </Box>
  );
}
