import * as React from 'react';
import '../shared/pages.css';

/**
 * A drawn map instead of an embedded one: no third-party requests, cookies or layout shift.
 * Streets and labels are decoration; the accessible name and the text beside it carry the facts.
 */
export function MapPlaceholder({ label }: { label: string }) {
  return (
    <div className="pages-map">
      <svg viewBox="0 0 320 200" role="img" aria-label={label} preserveAspectRatio="xMidYMid slice">
        <rect width="320" height="200" fill="#eaf3f8" />
        <path d="M0 150 C80 120 140 170 320 110" stroke="#ffffff" strokeWidth="14" fill="none" />
        <path d="M60 0 L110 200" stroke="#ffffff" strokeWidth="10" fill="none" />
        <path d="M220 0 C200 80 240 140 210 200" stroke="#ffffff" strokeWidth="8" fill="none" />
        <rect x="130" y="40" width="70" height="50" rx="8" fill="#e5f2e2" />
        <rect x="20" y="20" width="30" height="40" rx="6" fill="#e5f2e2" />
        <rect x="250" y="140" width="50" height="40" rx="6" fill="#e5f2e2" />
        <g transform="translate(165 78)">
          <path d="M0 0 C-14 -18 -14 -34 0 -38 C14 -34 14 -18 0 0 Z" fill="#f2a91b" stroke="#2b1d0e" strokeWidth="2" />
          <circle cx="0" cy="-26" r="6" fill="#2b1d0e" />
        </g>
      </svg>
    </div>
  );
}
