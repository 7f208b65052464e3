import * as React from 'react';

export type SectionTone = 'plain' | 'alt' | 'honey' | 'leaf';

type Props = Omit<React.HTMLAttributes<HTMLElement>, 'id' | 'className'> & {
  /** Element id: an anchor target; the heading's id is `${id}-heading`. */
  id: string;
  heading: string;
  /** Small label above the heading. */
  eyebrow?: string | null;
  intro?: string | null;
  tone?: SectionTone;
  children?: React.ReactNode;
};

const toneClass: Record<SectionTone, string> = {
  plain: 'section',
  alt: 'section section-alt',
  honey: 'section section-honey',
  leaf: 'section section-leaf',
};

/**
 * A section of the home page or a content page: a centred header (eyebrow, <h2>, intro) and its
 * content, labelled by the heading. Other attributes (data-*) go on the <section>.
 */
export function Section({ id, heading, eyebrow, intro, tone = 'plain', children, ...rest }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={toneClass[tone]} aria-labelledby={headingId} {...rest}>
      <div className="container">
        <header className="section-header">
          {eyebrow && <span className="eyebrow">{eyebrow}</span>}
          <h2 id={headingId}>{heading}</h2>
          {intro && <p className="lead">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
