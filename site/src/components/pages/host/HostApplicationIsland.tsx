import * as React from 'react';
import { Island } from '../../layout/Island';
import { lazyComponent } from '../../layout/lazyComponent';
import { sameValues } from '../../layout/sameValues';
import type { HostApplicationFormProps } from './HostApplicationForm';

const HostApplicationForm = lazyComponent<HostApplicationFormProps>(() => import(/* webpackChunkName: "host-application" */ './HostApplicationForm'));

/** The host application form as the host-hive page places it: server-rendered, hydrated when visible. */
export const HostApplicationIsland = React.memo(function HostApplicationIsland(props: HostApplicationFormProps) {
  return (
    <Island className="pages-narrow">
      <HostApplicationForm {...props} />
    </Island>
  );
}, sameValues);
