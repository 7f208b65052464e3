import * as React from 'react';

/** Centred eyebrow + h2 + intro used at the top of most home sections. */
export function SectionHeader({ id, eyebrow, heading, text }: { id: string; eyebrow?: string | null; heading: string; text?: string | null }) {
  return (
    <div className="section-header">
      {eyebrow && <span className="eyebrow">{eyebrow}</span>}
      <h2 id={id}>{heading}</h2>
      {text && <p className="lead">{text}</p>}
    </div>
  );
}
