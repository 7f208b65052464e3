/**
 * Under a price of the price tables: the order and adoption forms charge a new shipping rate or
 * tier price at once; the site's pages show any price after the next site build (Content >
 * Publish site), since they are built pages.
 */
export const CHARGED_NOTE = 'In cents. Charged from the next request on; the site shows it after the next Publish site (Content).';
export const SHOWN_NOTE = 'In cents. The site shows it after the next Publish site (Content).';
