import * as React from 'react';
import '../shared/pages.css';

/** The swarm collection fee, its waiver and the usual response time, as one boxed note. */
export function SwarmFeeBox({ heading, text, response }: { heading: string; text: string; response: string }) {
  return (
    <aside className="notice pages-fee-box" aria-labelledby="fee-heading">
      <h3 id="fee-heading">{heading}</h3>
      <p>{text}</p>
      <p>
        <strong>{response}</strong>
      </p>
    </aside>
  );
}
