import * as React from 'react';
import type { PageQuestion } from '../shared/types';
import '../shared/pages.css';

interface Props {
  items: PageQuestion[];
  /** Distinguishes several accordions on one page; also the exclusive group's name. */
  group: string;
}

/**
 * Questions and answers, at most one open at a time; the open one closes when clicked again.
 * Built on <details name>: the browser makes it single-open, keyboard operable (Enter/Space on
 * the summary) and announced as expanded/collapsed, and the answers stay readable without
 * JavaScript. The toggle handler closes the siblings for browsers without exclusive <details>.
 */
export function Accordion({ items, group }: Props) {
  const listRef = React.useRef<HTMLDivElement>(null);

  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget;
    if (!opened.open || !listRef.current) return;
    for (const other of listRef.current.querySelectorAll<HTMLDetailsElement>('details[open]')) {
      if (other !== opened) other.open = false;
    }
  };

  return (
    <div className="pages-accordion" ref={listRef} data-accordion={group}>
      {items.map((item, index) => {
        const id = `${group}-${item.id ?? index}`;
        return (
          <details key={id} id={id} name={group} className="pages-accordion-item" onToggle={onToggle}>
            <summary className="pages-accordion-summary">{item.question}</summary>
            <div className="pages-accordion-answer">
              <p>{item.answer}</p>
            </div>
          </details>
        );
      })}
    </div>
  );
}
