import * as React from 'react';
import { lazyComponent } from '../../../layout/lazyComponent';
import type { RequestFormsProps } from './RequestForms';
import { sameValues } from '../../../layout/sameValues';

const RequestForms = lazyComponent<RequestFormsProps>(() => import(/* webpackChunkName: "request-forms" */ './RequestForms'));

/** Whether the address asks for a registration or adoption form (/contact?workshop=... or ?adopt=...). */
const asksForm = (search: string) => /[?&](workshop|adopt)=/.test(search);

/**
 * Where /contact places the workshop registration or adoption form. The server renders an empty
 * slot (the choice is in the query string); once the page has hydrated, and only when the address
 * asks for a form, the forms' code is fetched and rendered here. A plain /contact loads nothing.
 */
export const RequestSlot = React.memo(function RequestSlot(props: RequestFormsProps) {
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => setWanted(asksForm(window.location.search)), [props.search]);
  return (
    <div className="pages-request-slot">
      {wanted && (
        <React.Suspense fallback={null}>
          <RequestForms {...props} />
        </React.Suspense>
      )}
    </div>
  );
}, sameValues);
