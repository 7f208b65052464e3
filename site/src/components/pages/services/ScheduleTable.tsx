import * as React from 'react';
import type { WorkshopOffering, WorkshopSession } from '../../../build/catalog';
import { scheduleRows } from './workshopSchedule';
import { SpotsLeftIsland } from './SpotsLeftIsland';
import '../shared/pages.css';

export interface ScheduleText {
  caption: string;
  columns: { date: string; workshop: string; time: string; availability: string };
  spotsLeft: string;
}

/** "9:00 AM - 12:00 PM" that may wrap at the dash but never inside a time. */
function TimeRange({ text }: { text: string }) {
  const parts = text.split(' - ');
  return (
    <>
      {parts.map((part, index) => (
        <React.Fragment key={part + index}>
          {index > 0 && ' - '}
          <span className="pages-nowrap">{part}</span>
        </React.Fragment>
      ))}
    </>
  );
}

/** The public workshop schedule as a real table (caption, column headers, row headers). */
export function ScheduleTable({ offerings, schedule, text }: { offerings: readonly WorkshopOffering[]; schedule: readonly WorkshopSession[]; text: ScheduleText }) {
  const rows = scheduleRows(offerings, schedule);
  return (
    <div className="table-wrap" role="region" aria-label={text.caption} tabIndex={0}>
      <table className="pages-table">
        <caption>{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.date}</th>
            <th scope="col">{text.columns.workshop}</th>
            <th scope="col">{text.columns.time}</th>
            <th scope="col">{text.columns.availability}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.eventId}>
              <th scope="row">
                <time dateTime={row.date}>{row.dateLabel}</time>
              </th>
              <td>{row.title}</td>
              <td>
                <TimeRange text={row.time} />
              </td>
              <td>
                <SpotsLeftIsland eventId={row.eventId} spotsLeft={row.spotsLeft} suffix={text.spotsLeft} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
