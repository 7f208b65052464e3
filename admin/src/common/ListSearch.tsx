/** A search box bound to the list's `q` filter (the data provider searches every column). */
import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext } from 'react-admin';

export function ListSearch({ label = 'Search' }: { label?: string }) {
  const { filterValues, setFilters } = useListContext();
  const [value, setValue] = useState<string>(String(filterValues?.q ?? ''));

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((filterValues?.q ?? '') !== value) setFilters({ ...filterValues, q: value || undefined }, {});
    }, 300);
    return () => window.clearTimeout(timer);
  }, [value, filterValues, setFilters]);

  return (
    <TextField
      size="small"
      variant="outlined"
      sx={{ width: { xs: '100%', sm: 320 } }}
      label={label}
      type="search"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
    />
  );
}
