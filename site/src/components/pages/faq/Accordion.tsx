import * as React from 'react';
import { Island } from '../../layout/Island';
import { lazyComponent } from '../../layout/lazyComponent';
import type { PageQuestion } from '../shared/types';
import '../shared/pages.css';

interface Props {
  items: readonly PageQuestion[];
  /** Distinguishes several accordions on one page; also the exclusive group's name. */
  group: string;
}

/** Whether this browser closes the other <details name="..."> of a group by itself. */
const nativeSingleOpen = () => typeof HTMLDetailsElement !== 'undefined' && 'name' in HTMLDetailsElement.prototype;
const Nothing = () => null;

// Fetched only by browsers that need it (none of the current ones), and only when idle.
const SingleOpenFallback = lazyComponent<{ group: string }>(() =>
  nativeSingleOpen() ? Promise.resolve({ default: Nothing }) : import(/* webpackChunkName: "accordion-fallback" */ './SingleOpenFallback'),
);

/**
 * Questions and answers, at most one open at a time; the open one closes when clicked again.
 * Built on <details name>: the browser makes it single-open, keyboard operable (Enter/Space on
 * the summary) and announced as expanded/collapsed, and the answers stay readable without
 * JavaScript. The markup has no state or handlers; only browsers without exclusive <details>
 * fetch a small script, when idle, that closes the siblings (SingleOpenFallback).
 */
export function Accordion({ items, group }: Props) {
  return (
    <>
      <div className="pages-accordion" data-accordion={group}>
        {items.map((item, index) => {
          const id = `${group}-${item.id ?? index}`;
          return (
            <details key={id} id={id} name={group} className="pages-accordion-item">
              <summary className="pages-accordion-summary">{item.question}</summary>
              <div className="pages-accordion-answer">
                <p>{item.answer}</p>
              </div>
            </details>
          );
        })}
      </div>
      <Island when="idle">
        <SingleOpenFallback group={group} />
      </Island>
    </>
  );
}
