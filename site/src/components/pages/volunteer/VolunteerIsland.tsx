import * as React from 'react';
import { Island } from '../../layout/Island';
import { lazyComponent } from '../../layout/lazyComponent';
import { sameValues } from '../../layout/sameValues';
import type { VolunteerFormProps } from './VolunteerForm';

const VolunteerForm = lazyComponent<VolunteerFormProps>(() => import(/* webpackChunkName: "volunteer" */ './VolunteerForm'));

/** The volunteer sign-up as the impact page places it: server-rendered, hydrated when visible. */
export const VolunteerIsland = React.memo(function VolunteerIsland(props: VolunteerFormProps) {
  return (
    <Island className="pages-narrow">
      <VolunteerForm {...props} />
    </Island>
  );
}, sameValues);
