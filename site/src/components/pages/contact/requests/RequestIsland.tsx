import * as React from 'react';
import { Island } from '../../../layout/Island';
import { lazyComponent } from '../../../layout/lazyComponent';
import type { RequestFormsProps } from './RequestForms';

const RequestForms = lazyComponent<RequestFormsProps>(() => import(/* webpackChunkName: "request-forms" */ './RequestForms'));

/** The workshop registration or adoption form of /contact, loaded as an island (idle). */
export const RequestIsland = React.memo(function RequestIsland(props: RequestFormsProps) {
  return (
    <Island when="idle" className="pages-request-slot">
      <RequestForms {...props} />
    </Island>
  );
});
