import { downloadCSV } from 'react-admin';
import type { SubscriberRecord } from '../../types';
import { csvCell as cell } from '../../common/csv';

/** The export's text: header `email,subscribed_at`, one line per subscriber, CRLF line ends. */
export const subscribersToCsv = (records: SubscriberRecord[]): string =>
  ['email,subscribed_at', ...records.map((r) => `${cell(r.email)},${cell(r.created_at)}`)].join(
    '\r\n',
  );

/** react-admin exporter: downloads `subscribers.csv`. */
export const subscribersExporter = (records: SubscriberRecord[]) =>
  downloadCSV(subscribersToCsv(records), 'subscribers');
