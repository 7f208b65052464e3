import { ComingSoon } from '../../common/ComingSoon';

/** Orders are stored but not managed here yet (specification §2). */
export const OrderList = () => (
  <ComingSoon title="Orders" message="Order management coming soon!" actionLabel="View Orders" />
);
