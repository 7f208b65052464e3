import * as React from 'react';

/**
 * For browsers without exclusive <details name>: when one answer of the accordion opens, close
 * the others. Renders nothing; listens for `toggle` (which does not bubble, so in the capture
 * phase) on the accordion `[data-accordion=group]`.
 */
export function SingleOpenFallback({ group }: { group: string }) {
  React.useEffect(() => {
    const list = document.querySelector<HTMLElement>(`[data-accordion="${CSS.escape(group)}"]`);
    if (!list) return undefined;
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
      for (const other of list.querySelectorAll<HTMLDetailsElement>('details[open]')) {
        if (other !== opened) other.open = false;
      }
    };
    list.addEventListener('toggle', onToggle, true);
    return () => list.removeEventListener('toggle', onToggle, true);
  }, [group]);
  return null;
}

export default SingleOpenFallback;
