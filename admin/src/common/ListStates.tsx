import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import { Pagination, useListContext, type PaginationProps } from 'react-admin';

/**
 * The empty page in a card, like the list it replaces (react-admin renders `empty` bare, while
 * `error` lands inside the list's card).
 */
export const EmptyCard = ({ children }: { children: ReactNode }) => (
  <Card sx={{ mt: 2 }}>{children}</Card>
);

/** Pagination, except after a failed load, where the empty state stands alone (spec §8). */
export const ListPagination = (props: PaginationProps) => {
  const { error } = useListContext();
  return error ? null : <Pagination {...props} />;
};
