import * as React from 'react';

export type SectionTone = 'plain' | 'alt' | 'honey' | 'leaf';

interface Props {
  /** Element id: an anchor target and the label reference of the heading. */
  id: string;
  heading: string;
  intro?: string | null;
  tone?: SectionTone;
  children?: React.ReactNode;
}

const toneClass: Record<SectionTone, string> = {
  plain: 'section',
  alt: 'section section-alt',
  honey: 'section section-honey',
  leaf: 'section section-leaf',
};

/** A page section with a centred <h2> header, labelled by that heading. */
export function Section({ id, heading, intro, tone = 'plain', children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={toneClass[tone]} aria-labelledby={headingId}>
      <div className="container">
        <header className="section-header">
          <h2 id={headingId}>{heading}</h2>
          {intro && <p className="lead">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
