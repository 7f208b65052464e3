/**
 * The words of the values the e-mails fill in ({{order.delivery}}, {{report.size}}, the order's
 * lines and table, a newsletter's footer), in each language the outbox writes: the form's labels as
 * that language's pages say them (Spanish: content/es/code-words.yaml). Staff messages use English.
 */
import type { Locale } from '../_shared/content-schema/locales.ts';

export interface ValueWords {
  delivery: Record<string, string>;
  size: Record<string, string>;
  formedWhen: Record<string, string>;
  height: Record<string, string>;
  /** 'monthly'; a gift of {months} months. */
  plan: { monthly: string; gift: string };
  registrationStatus: Record<string, string>;
  yes: string;
  no: string;
  /** One line of an order in plain text: {quantity}, {name}, {price} (each), {total}. */
  orderLine: string;
  /** The order's table in HTML. */
  orderTable: { product: string; quantity: string; price: string; total: string };
  /** Under a newsletter letter: {name} is the business's. */
  newsletterFooter: string;
  /** The newsletter footer's link to the unsubscribe page. */
  unsubscribe: string;
  /** How dates are written (Intl.DateTimeFormat). */
  dateLocale: string;
}

export const VALUE_WORDS: Record<Locale, ValueWords> = {
  en: {
    delivery: { standard: 'Standard shipping', express: 'Express shipping', pickup: 'Local pickup' },
    size: { smaller: 'Smaller than a football', football: 'About a football', larger: 'Larger than a football' },
    formedWhen: { under_24h: 'Under 24 hours ago', '24_48h': '24-48 hours ago', over_48h: 'Over 48 hours ago', unknown: 'Unknown' },
    height: { ground: 'Ground level', reachable: 'Reachable with a ladder', high: 'High up' },
    plan: { monthly: 'monthly', gift: 'a {months}-month gift' },
    registrationStatus: { confirmed: 'confirmed', waitlisted: 'on the waitlist', cancelled: 'cancelled', attended: 'attended' },
    yes: 'Yes',
    no: 'No',
    orderLine: '{quantity} x {name}  {price} each  {total}',
    orderTable: { product: 'Product', quantity: 'Qty', price: 'Price', total: 'Total' },
    newsletterFooter: 'You receive this letter because you subscribed to the {name} newsletter.',
    unsubscribe: 'Unsubscribe',
    dateLocale: 'en-US',
  },
  es: {
    delivery: { standard: 'Envío estándar', express: 'Envío exprés', pickup: 'Recoger en persona' },
    size: {
      smaller: 'Más chico que un balón de fútbol americano', football: 'Del tamaño de un balón de fútbol americano',
      larger: 'Más grande que un balón de fútbol americano',
    },
    formedWhen: { under_24h: 'Hace menos de 24 horas', '24_48h': 'Hace de 24 a 48 horas', over_48h: 'Hace más de 48 horas', unknown: 'No se sabe' },
    height: { ground: 'Desde el suelo', reachable: 'Se alcanza con una escalera', high: 'Muy alto' },
    plan: { monthly: 'mensual', gift: 'un regalo de {months} meses' },
    registrationStatus: { confirmed: 'confirmada', waitlisted: 'en la lista de espera', cancelled: 'cancelada', attended: 'asistió' },
    yes: 'Sí',
    no: 'No',
    orderLine: '{quantity} x {name}  {price} c/u  {total}',
    orderTable: { product: 'Producto', quantity: 'Cant.', price: 'Precio', total: 'Total' },
    newsletterFooter: 'Recibe esta carta porque se suscribió al boletín de {name}.',
    unsubscribe: 'Cancelar la suscripción',
    dateLocale: 'es-US',
  },
};

/** The value words of a message's language (none: English). */
export const valueWords = (locale: Locale | undefined): ValueWords => VALUE_WORDS[locale ?? 'en'];

/** `template` with its {name} parts filled. */
export const fillWords = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
