import * as React from 'react';
import type { Figure } from '../../../build/catalog';
import './pages.css';

/** Big figures with their labels ("180+ swarms rescued"), read as one phrase each. */
export function StatGrid({ figures }: { figures: readonly Figure[] }) {
  return (
    <ul className="pages-stats pages-plain" role="list">
      {figures.map((figure) => (
        <li key={figure.label} className="pages-stat">
          <strong className="pages-stat-value">{figure.value}</strong>{' '}
          <span className="pages-stat-label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}
