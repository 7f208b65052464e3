import * as React from 'react';
import { SmartLink } from '../layout/SmartLink';
import { SectionHeader } from './SectionHeader';
import type { CardsBlock } from './types';

/** A section of linked cards: the four services (section 4) and the brand family (section 5). */
export function CardGrid({ id, block, className = 'section' }: { id: string; block: CardsBlock; className?: string }) {
  const columns = block.items.length === 4 ? 'grid-4' : 'grid-3';
  return (
    <section className={className} aria-labelledby={`${id}-title`} data-home-section={id}>
      <div className="container">
        <SectionHeader id={`${id}-title`} eyebrow={block.eyebrow} heading={block.heading} text={block.text} />
        <ul className={`grid ${columns} plain-list`}>
          {block.items.map((card) => (
            <li key={card.title} className="card">
              {card.icon && (
                <span className="card-icon" aria-hidden="true">
                  {card.icon}
                </span>
              )}
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <SmartLink to={card.link.to} className="card-link">
                {card.link.label} <span aria-hidden="true">→</span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
