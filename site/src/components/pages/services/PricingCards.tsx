import * as React from 'react';
import { formatCents } from '../../../lib/price';
import { SmartLink } from '../../layout/SmartLink';
import { CheckList } from '../shared/CheckList';
import type { Cta } from '../shared/types';
import '../shared/pages.css';

export interface PricedOffer {
  id: string;
  name: string;
  /** In cents. */
  price: number;
  summary?: string | null;
  features: readonly string[];
  /** Highlighted card with a badge ("Most Popular"). */
  badge?: string | null;
}

interface Props {
  offers: readonly PricedOffer[];
  /** "per year", "per month" */
  unit: string;
  cta: Cta;
  /** Carries the chosen offer to the link's page: `?<choiceParam>=<offer id>` (e.g. /contact?adopt=hive-guardian). */
  choiceParam?: string;
}

/** Side-by-side price cards (hosting plans, adoption tiers); each button goes to `cta.to`. */
export function PricingCards({ offers, unit, cta, choiceParam }: Props) {
  return (
    <ul className={`grid grid-${offers.length === 3 ? 3 : 2} pages-plain`} role="list">
      {offers.map((offer) => (
        <li
          key={offer.id}
          id={`plan-${offer.id}`}
          className={offer.badge ? 'card pages-price-card pages-price-card-featured' : 'card pages-price-card'}
        >
          {offer.badge && <span className="badge">{offer.badge}</span>}
          <h3>{offer.name}</h3>
          <p className="price">
            {formatCents(offer.price)} <span className="price-unit">{unit}</span>
          </p>
          {offer.summary && <p>{offer.summary}</p>}
          <CheckList items={offer.features} />
          {/* Three identical "Subscribe" links need the plan in their accessible name. */}
          <SmartLink
            to={choiceParam ? `${cta.to}?${choiceParam}=${encodeURIComponent(offer.id)}` : cta.to}
            className={offer.badge ? 'btn btn-primary' : 'btn btn-secondary'}
            aria-label={`${cta.label}: ${offer.name}`}
          >
            {cta.label}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
