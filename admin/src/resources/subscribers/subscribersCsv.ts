import { downloadCSV } from 'react-admin';
import type { SubscriberRecord } from '../../types';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and prefixed with an apostrophe
 * when it starts like a spreadsheet formula (=, +, -, @), so opening the file runs nothing.
 */
const cell = (value: unknown): string => {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The export's text: header `email,subscribed_at`, one line per subscriber, CRLF line ends. */
export const subscribersToCsv = (records: SubscriberRecord[]): string =>
  ['email,subscribed_at', ...records.map((r) => `${cell(r.email)},${cell(r.created_at)}`)].join(
    '\r\n',
  );

/** react-admin exporter: downloads `subscribers.csv`. */
export const subscribersExporter = (records: SubscriberRecord[]) =>
  downloadCSV(subscribersToCsv(records), 'subscribers');
