import * as React from 'react';

/** A ticked bullet list (site-wide .check-list look). */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className ? `check-list ${className}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
