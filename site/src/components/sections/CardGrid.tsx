import * as React from 'react';
import { SmartLink } from '../layout/SmartLink';
import type { SectionCard } from './types';

interface Props {
  items: readonly SectionCard[];
  /** Columns on wide screens. */
  columns?: 2 | 3 | 4;
  /** Show an arrow after each card's link label (the home page's look). */
  arrow?: boolean;
}

/** Cards with an optional icon, an <h3> title, a paragraph and an optional link, in a responsive grid. */
export function CardGrid({ items, columns = 3, arrow = false }: Props) {
  return (
    <ul className={`grid grid-${columns} plain-list`} role="list">
      {items.map((item) => (
        <li key={item.title} className="card">
          {item.icon && (
            <span className="card-icon" aria-hidden="true">
              {item.icon}
            </span>
          )}
          <h3>{item.title}</h3>
          {item.text && <p>{item.text}</p>}
          {item.link && (
            <SmartLink to={item.link.to} className="card-link">
              {item.link.label}
              {arrow && (
                <>
                  {' '}
                  <span aria-hidden="true">→</span>
                </>
              )}
            </SmartLink>
          )}
        </li>
      ))}
    </ul>
  );
}
