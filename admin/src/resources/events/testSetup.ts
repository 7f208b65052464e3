/**
 * Setup for resource view tests; import it FIRST (until the admin jest project has a setup file).
 * - jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time;
 * - jest-dom matchers, and findBy/waitFor patience for a loaded machine;
 * - any console.error a test did not expect fails it (a test expecting one spies on it itself).
 */
import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });
// The CI machine is shared and slow at times: wait up to 5 s for what a user would wait for.
configure({ asyncUtilTimeout: 5000 });

let unexpected: unknown[][] = [];
beforeEach(() => {
  unexpected = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  expect(unexpected).toEqual([]);
});
