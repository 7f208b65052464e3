/**
 * Setup for resource view tests; import it FIRST (until the admin jest project has a setup file).
 * - jsdom's missing globals (admin/src/test/setupJsdom.ts; harmless if jest's setupFiles ran it);
 * - jest-dom matchers, and findBy/waitFor patience for a loaded machine;
 * - any console.error a test did not expect fails it (a test expecting one spies on it itself).
 */
import './setupJsdom';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

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
