/**
 * jsdom lacks a few browser globals that react-router 7 and supabase-js use.
 * Wire in jest.config.cjs (admin project): setupFiles: ['<rootDir>/admin/src/test/setupJsdom.ts'].
 */
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
g.TextEncoder ??= TextEncoder;
g.TextDecoder ??= TextDecoder;

// jsdom does not scroll (and reports window.scrollTo as "not implemented"); react-admin scrolls
// to the top after a redirect.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
