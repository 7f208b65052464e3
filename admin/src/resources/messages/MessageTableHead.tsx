/**
 * The messages table's header row: react-admin's DataTableHead, except that the expand column's
 * header cell has a (visually hidden) name. React-admin's only holds an aria-hidden "expand all"
 * icon, which axe reports as 'empty-table-header'; that button was unreachable by keyboard and
 * hidden from screen readers, so it is left out (each row still expands on click).
 * Valid while the table has no bulk actions (no select-all column to render here).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DataTableClasses } from 'react-admin';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export const MessageTableHead = ({ children }: { children?: ReactNode }) => (
  <TableHead className={DataTableClasses.thead}>
    <TableRow className={`${DataTableClasses.row} ${DataTableClasses.headerRow}`}>
      <TableCell
        padding="none"
        variant="head"
        className={`${DataTableClasses.headerCell} ${DataTableClasses.expandHeader}`}
      >
        <Box component="span" sx={visuallyHidden}>Details</Box>
      </TableCell>
      {children}
    </TableRow>
  </TableHead>
);
