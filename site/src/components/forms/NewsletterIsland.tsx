import * as React from 'react';
import { Island } from '../layout/Island';
import { lazyComponent } from '../layout/lazyComponent';
import type { NewsletterFormProps } from './NewsletterForm';
import { sameValues } from '../layout/sameValues';

const NewsletterForm = lazyComponent<NewsletterFormProps>(() => import(/* webpackChunkName: "newsletter-form" */ './NewsletterForm'));

/**
 * The newsletter form as pages place it: rendered in full by the server, its code (form state,
 * RPC client) fetched and hydrated only when the form nears the viewport or the browser is idle.
 * Memoised (its props are stable content): a page re-render must not reach an island that has not
 * hydrated yet (React would give up hydrating it, error #421).
 */
export const NewsletterIsland = React.memo(function NewsletterIsland(props: NewsletterFormProps) {
  return (
    <Island>
      <NewsletterForm {...props} />
    </Island>
  );
}, sameValues);
