import * as React from 'react';

/**
 * True while the element is hovered or holds keyboard focus (focus inside counts), false on
 * leave/blur. Spread `handlers` on the element.
 */
export function useHoverFocus() {
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: React.FocusEvent<HTMLElement>) => {
      // Moving focus between children of the element is not leaving it.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { active: hovered || focused, handlers };
}
