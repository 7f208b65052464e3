/**
 * The language switcher's links are written by the server with the page's path only: the query
 * and #anchor exist in the visitor's browser. This tiny script, inlined in every page's <head> by
 * gatsby-ssr, adds them to a switcher link as it is followed (mouse, touch or keyboard), and
 * remembers the chosen language for the next visit's home page. It runs before the page's own
 * scripts arrive, so a visitor who follows the switcher at once keeps where they were.
 */
import { LOCALE_STORAGE_KEY } from '../../lib/localeLinks';

export const SWITCHER_CLASS = 'language-switcher';

export const SWITCHER_SCRIPT = `document.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('nav.${SWITCHER_CLASS} a[hreflang]');if(!a)return;a.href=a.getAttribute('href').replace(/[?#].*$/,'')+location.search+location.hash;try{localStorage.setItem('${LOCALE_STORAGE_KEY}',a.getAttribute('hreflang'))}catch(x){}},true);`;
