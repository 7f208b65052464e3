import * as React from 'react';
import { Island } from '../../layout/Island';
import { lazyComponent } from '../../layout/lazyComponent';
import type { SwarmReportFormProps } from './SwarmReportForm';
import { sameValues } from '../../layout/sameValues';

const SwarmReportForm = lazyComponent<SwarmReportFormProps>(() => import(/* webpackChunkName: "swarm-report" */ './SwarmReportForm'));

/** The swarm report form as the swarm page places it: server-rendered, hydrated when visible. */
export const SwarmReportIsland = React.memo(function SwarmReportIsland(props: SwarmReportFormProps) {
  return (
    <Island className="pages-narrow">
      <SwarmReportForm {...props} />
    </Island>
  );
}, sameValues);
