import { ComingSoon } from '../../common/ComingSoon';

/** Site content is edited in the repository for now (specification §2). */
export const ContentList = () => (
  <ComingSoon title="Content" message="Content management coming soon!" actionLabel="Manage Content" />
);
