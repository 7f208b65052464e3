import * as React from 'react';
import { SmartLink } from '../../layout/SmartLink';
import type { PageCard } from './types';
import './pages.css';

/** Cards with an <h3> title, a paragraph and an optional link, in a responsive grid. */
export function CardGrid({ items, columns = 3 }: { items: PageCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid grid-${columns} pages-plain`} role="list">
      {items.map((item) => (
        <li key={item.title} className="card">
          {item.icon && (
            <span className="card-icon" aria-hidden="true">
              {item.icon}
            </span>
          )}
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          {item.link && (
            <SmartLink to={item.link.to} className="card-link">
              {item.link.label}
            </SmartLink>
          )}
        </li>
      ))}
    </ul>
  );
}
