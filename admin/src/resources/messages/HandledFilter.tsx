import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext } from 'react-admin';

type Choice = 'all' | 'unhandled' | 'handled';

/** All / Unhandled / Handled: sets the boolean `handled` filter (`handled=eq.true` on the server). */
export const HandledFilter = () => {
  const { filterValues, setFilters } = useListContext();
  const value: Choice =
    filterValues.handled === true ? 'handled' : filterValues.handled === false ? 'unhandled' : 'all';
  const choose = (_: unknown, next: Choice | null) => {
    if (!next) return;
    // undefined drops the key: the data provider ignores undefined filters
    setFilters({ ...filterValues, handled: next === 'all' ? undefined : next === 'handled' }, {});
  };
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={choose} aria-label="Show">
      <ToggleButton value="all">All</ToggleButton>
      <ToggleButton value="unhandled">Unhandled</ToggleButton>
      <ToggleButton value="handled">Handled</ToggleButton>
    </ToggleButtonGroup>
  );
};
