/**
 * Props comparison for the memoised islands: equal when their values are (they are plain content
 * and product data). A page re-renders on a #hash navigation with page data that may be new
 * objects holding the same words; such a re-render must not reach an island that has not hydrated
 * yet (React would give up hydrating it and log error #421). RouterLocation.tsx now renders a
 * #hash-only change as a transition, which waits for such islands; this still spares them the
 * render.
 */
export const sameValues = (a: object, b: object) => a === b || JSON.stringify(a) === JSON.stringify(b);
