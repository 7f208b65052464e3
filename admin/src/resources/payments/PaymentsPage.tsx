import GeneratedList from '../../crud/GeneratedList';
import { PaymentsOffNotice } from './PaymentsOffNotice';

/** The generated Payments list under a notice saying how to turn card payments on while they are off. */
export default function PaymentsPage() {
  return (
    <>
      <PaymentsOffNotice />
      <GeneratedList />
    </>
  );
}
