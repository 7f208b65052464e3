import Card from '@mui/material/Card';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

export interface ComingSoonProps {
  /** Page title, e.g. 'Orders'. */
  title: string;
  /** The sentence the specification shows, e.g. 'Order management coming soon!'. */
  message: string;
  /** Label of the disabled call to action, e.g. 'View Orders'. */
  actionLabel: string;
}

/**
 * A section whose table exists but whose screens are not built yet: the message and a disabled
 * button, so staff see the section is planned rather than broken.
 */
export const ComingSoon = ({ title, message, actionLabel }: ComingSoonProps) => (
  <>
    <PageHeader title={title} />
    <Card>
      <EmptyState message={message} actionLabel={actionLabel} actionDisabled />
    </Card>
  </>
);
