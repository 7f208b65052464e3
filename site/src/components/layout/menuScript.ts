/**
 * The header's menu toggle (Header.tsx) works once React has hydrated the header, and the site's
 * scripts load after the page's first frame: a visitor on a slow phone who taps Menu at once
 * would see nothing happen. This tiny script, inlined in every page's <head> by gatsby-ssr, opens
 * and closes the menu until then (the toggle's aria-expanded, the menu's data-open; the CSS shows
 * the menu and the toggle's matching word from those), and Escape closes it and returns focus to
 * the toggle. Header marks its toggle hydrated, reads the state it finds, and takes over.
 */
export const NAV_TOGGLE_CLASS = 'nav-toggle';
export const HYDRATED_TOGGLE_ATTR = 'data-hydrated';

export const MENU_SCRIPT = `(function(){function t(){var b=document.querySelector('button.${NAV_TOGGLE_CLASS}');return b&&!b.hasAttribute('${HYDRATED_TOGGLE_ATTR}')?b:null}function s(b,o){b.setAttribute('aria-expanded',String(o));var n=document.getElementById(b.getAttribute('aria-controls'));if(n)n.setAttribute('data-open',String(o))}document.addEventListener('click',function(e){var b=t();if(b&&e.target&&e.target.closest&&e.target.closest('button.${NAV_TOGGLE_CLASS}')===b)s(b,b.getAttribute('aria-expanded')!=='true')},true);document.addEventListener('keydown',function(e){var b=t();if(e.key==='Escape'&&b&&b.getAttribute('aria-expanded')==='true'){s(b,false);b.focus()}},true)})();`;

/** Whether the menu was opened before the header hydrated (false on the server and afterwards). */
export function openedBeforeHydration(toggle: Element | null): boolean {
  return toggle !== null && !toggle.hasAttribute(HYDRATED_TOGGLE_ATTR) && toggle.getAttribute('aria-expanded') === 'true';
}
