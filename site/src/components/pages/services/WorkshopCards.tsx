import * as React from 'react';
import { formatCents } from '../../../lib/price';
import { SmartLink } from '../../layout/SmartLink';
import type { WorkshopOffering, WorkshopSession } from '../../../build/catalog';
import { durationText, nextSessions } from './workshopSchedule';
import '../shared/pages.css';

export interface WorkshopLabels {
  duration: string;
  price: string;
  ages: string;
  nextSession: string;
  hours: string;
  register: string;
  registerTo: string;
}

/** The four workshops with duration, price, ages, next session and a Register link. */
export function WorkshopCards({ offerings, schedule, labels }: { offerings: readonly WorkshopOffering[]; schedule: readonly WorkshopSession[]; labels: WorkshopLabels }) {
  const next = nextSessions(schedule);
  return (
    <ul className="grid grid-2 pages-plain" role="list">
      {offerings.map((offering) => {
        const session = next.get(offering.id);
        return (
          <li key={offering.id} id={`workshop-${offering.id}`} className="card">
            <h3>{offering.title}</h3>
            <p className="pages-muted">{offering.audience}</p>
            <p>{offering.description}</p>
            <dl className="pages-facts">
              <dt>{labels.duration}</dt>
              <dd>{durationText(offering.durationHours, labels.hours)}</dd>
              <dt>{labels.price}</dt>
              <dd>
                {formatCents(offering.price)} {offering.priceUnit}
              </dd>
              {offering.ages && (
                <>
                  <dt>{labels.ages}</dt>
                  <dd>{offering.ages}</dd>
                </>
              )}
              {session && (
                <>
                  <dt>{labels.nextSession}</dt>
                  <dd>
                    <time dateTime={session.date}>{session.dateLabel}</time>
                  </dd>
                </>
              )}
            </dl>
            <SmartLink
              to={`${labels.registerTo}?workshop=${encodeURIComponent(offering.id)}`}
              className="btn btn-primary pages-card-button"
              aria-label={`${labels.register}: ${offering.title}`}
            >
              {labels.register}
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}
