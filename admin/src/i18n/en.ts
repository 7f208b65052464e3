/**
 * The English catalogue: react-admin's own messages plus ours. Resource labels are generated
 * from the declarations (resources/<name>/index.ts): `resources.<name>.name`, `.fields.*` and the
 * generated views' toasts `.notifications.created|updated|deleted`.
 */
import englishMessages from 'ra-language-english';
import { resources } from '../resources';
import type { ResourceDeclaration } from '../crud/declaration';
import { textsOf } from '../crud/declarationText';
import { contentMessages } from './content';

export const buzzHavenMessages = {
  buzz: {
    admin_title: 'Buzz Haven Admin',
    pending_title: 'Waiting for approval',
    pending_body:
      'Your account is waiting for approval. An owner or admin will grant you access to the back office.',
    inactive_title: 'Account deactivated',
    inactive_body: 'Your account has been deactivated. Contact an owner or admin.',
    open_navigation: 'Open navigation',
    navigation_menu: 'Navigation menu',
    check_again: 'Check again',
    sign_out: 'Sign Out',
    dark_theme: 'Dark theme',
    // The network bar above every page (offline/OfflineStatus.tsx) and the notice of a save made offline.
    offline: {
      offline: 'Offline',
      waiting: 'One record waiting to send |||| %{smart_count} records waiting to send',
      saved_on_device: 'No network: saved on this device, it will be sent when the network returns',
      refused: '%{name} not stored: %{message}',
      correct: 'Correct',
      discard: 'Discard',
    },
    // The sidebar: Dashboard, the groups (crud/declaration.ts MENU_GROUPS) and pages that are not resources.
    menu: {
      dashboard: 'Dashboard',
      sales: 'Sales',
      requests: 'Requests',
      events: 'Events',
      hives: 'Hives & Honey',
      community: 'Community',
      site: 'Site',
      settings: 'Settings',
      security: 'Security',
    },
    not_your_page_title: 'Not part of your role',
    not_your_page_body: 'This page is worked on by an owner or admin. Ask one of them if something here needs changing.',
    // The dashboard's "today" cards (dashboard/todayCards.ts): a title, and a hint when something waits.
    today: {
      title: 'Today',
      none: 'Nothing waiting',
      orders_to_confirm: 'Orders to confirm',
      orders_to_confirm_hint: 'New orders: confirm or cancel them',
      orders_awaiting_payment: 'Orders awaiting payment',
      orders_awaiting_payment_hint: 'Sent to card checkout, not paid yet',
      swarm_open: 'Open swarm reports',
      swarm_open_hint: 'New or called back',
      oldest: 'Oldest reported %{age}',
      visits_to_book: 'Site visits to book',
      visits_to_book_hint: 'New host applications',
      designs_to_moderate: 'Art designs to moderate',
      designs_to_moderate_hint: 'Submitted designs waiting for a decision',
      vote_closes: "This month's vote closes %{date}",
      week_events: "This week's workshops and shifts",
      week_events_hint: 'Scheduled in the next seven days',
      week_more: 'and %{smart_count} more in the list |||| and %{smart_count} more in the list',
      places_taken: '%{taken} of %{capacity} places taken',
      places_taken_open: '%{taken} places taken',
      waitlisted: '%{smart_count} waitlisted',
      payments_off: 'Card payments are off: orders are paid at pickup or by invoice',
      failed_emails: 'Failed e-mails',
      failed_emails_hint: 'Could not be sent: check and retry them',
      hives_over_threshold: 'Hives over the varroa threshold',
      hives_over_threshold_hint: 'Latest mite count over the threshold, not treated since',
      takings: "This month's takings (net)",
      takings_detail: 'Received %{received}, refunded %{refunded}',
      takings_last: 'Last month: %{net}',
    },
    activity: {
      title: 'Recent Activity',
      empty: 'No recent activity to display.',
      open: 'Open %{record}',
    },
    swarm: {
      open_title: 'Open swarm reports',
      open_subtitle: 'New or called back',
      in_season: 'Swarm season (%{season})',
    },
    // A honey batch's label sheets (resources/honey_batches/LabelSheetPanel.tsx); the words on the
    // sheet itself are the 'pages/honey' content document's 'label' block.
    labels: {
      heading: 'Labels',
      intro: "A sheet of labels with the product, net weight, batch code, where and when it was harvested and a QR code of the batch's page.",
      intro_unpublished: "A sheet of labels with the product, net weight, batch code, where and when it was harvested and a QR code of the batch's page (the page is on the site once the batch is published and the site is).",
      print: 'Print labels: %{paper}',
      popup_blocked: "The browser blocked the label sheet's tab: allow pop-ups for this site",
      failed: 'The label sheet could not be made: %{error}',
      no_words: "The label sheet's words could not be read: publish the Honey batch pages document (Content) with its label words.",
    },
    hive_labels: {
      print: 'Print hive labels',
      no_words: "The hive labels' words could not be read: publish the Hive Map document (Content) with its sign label words.",
    },
    registrations: {
      title: 'Registrations',
      empty: 'No registrations yet.',
      taken: '%{taken} of %{capacity} places taken',
      taken_unlimited: '%{taken} places taken (no limit)',
      waitlist: '%{smart_count} on the waitlist',
    },
    content: contentMessages,
  },
};

/** One resource's messages, from its declaration. */
export function resourceMessages(declaration: ResourceDeclaration) {
  const texts = textsOf(declaration);
  return {
    name: declaration.recordName ?? declaration.label,
    fields: {
      ...Object.fromEntries(declaration.fields.map((f) => [f.source, f.label])),
      actions: 'Actions',
    } as Record<string, string>,
    notifications: { created: texts.created, updated: texts.updated, deleted: texts.deleted },
  };
}

export const en = {
  ...englishMessages,
  ...buzzHavenMessages,
  resources: Object.fromEntries(resources.map((r) => [r.name, resourceMessages(r)])),
};
