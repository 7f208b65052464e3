import * as React from 'react';

/** The Buzz Haven logo mark (decorative: the brand name next to it carries the meaning). */
export function BeeMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M32 4l24 14v28L32 60 8 46V18z" fill="#f2a91b" stroke="#2b1d0e" strokeWidth="3" />
      <ellipse cx="24" cy="24" rx="9" ry="6" fill="#fff" stroke="#2b1d0e" strokeWidth="2" transform="rotate(-25 24 24)" />
      <ellipse cx="40" cy="24" rx="9" ry="6" fill="#fff" stroke="#2b1d0e" strokeWidth="2" transform="rotate(25 40 24)" />
      <ellipse cx="32" cy="38" rx="10" ry="12" fill="#ffd45c" stroke="#2b1d0e" strokeWidth="2.5" />
      <path d="M23 35h18M22.5 41h19" stroke="#2b1d0e" strokeWidth="3.5" />
    </svg>
  );
}
