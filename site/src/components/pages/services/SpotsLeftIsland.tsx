import * as React from 'react';
import { Island } from '../../layout/Island';
import { lazyComponent } from '../../layout/lazyComponent';
import type { LiveSpotsLeftProps } from './LiveSpotsLeft';

const LiveSpotsLeft = lazyComponent<LiveSpotsLeftProps>(() => import(/* webpackChunkName: "live-spots-left" */ './LiveSpotsLeft'));

/**
 * A session's 'N spots left': the number of the build in the HTML (it reads the same without
 * JavaScript); once the browser is idle a tiny chunk asks the database for the current number.
 */
export function SpotsLeftIsland(props: LiveSpotsLeftProps) {
  return (
    <Island when="idle">
      <LiveSpotsLeft {...props} />
    </Island>
  );
}

