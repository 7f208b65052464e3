import * as React from 'react';

/** First focusable element of every page: jumps keyboard users past the header. */
export function SkipLink({ label, target = 'main' }: { label: string; target?: string }) {
  return (
    <a className="skip-link" href={`#${target}`}>
      {label}
    </a>
  );
}
