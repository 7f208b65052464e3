import * as React from 'react';
import type { Figure } from './catalog';

/** Big figures with their labels ("180+ swarms rescued"), as a description list. */
export function StatGrid({ figures }: { figures: Figure[] }) {
  return (
    <dl className="pages-stats">
      {figures.map((figure) => (
        <div key={figure.label} className="pages-stat">
          <dt className="visually-hidden">{figure.label}</dt>
          <dd>
            <span className="pages-stat-value">{figure.value}</span>{' '}
            <span className="pages-stat-label">{figure.label}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
