import { failureKind, isWaiting, pauseRestored, queuedRecord, retryDelay, retryUnlessRefused } from './queue';

const queued = { resource: 'inspections', data: { id: 'a1', hive_id: 'h1' }, meta: { queued: true } };

describe('the offline queue rules', () => {
  it('keeps a record waiting on no answer, a gateway down or an ended session, and gives up on a refusal', () => {
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('network');
    expect(failureKind({ status: 0, message: 'TypeError: Failed to fetch' })).toBe('network');
    for (const status of [502, 503, 504]) expect(failureKind({ status })).toBe('network');
    expect(failureKind({ status: 401 })).toBe('signIn');
    for (const status of [400, 403, 409, 500]) expect(failureKind({ status })).toBe('refused');
    expect(failureKind(undefined)).toBe('refused');
    expect(retryUnlessRefused(5, { status: 0 })).toBe(true);
    expect(retryUnlessRefused(5, { status: 401 })).toBe(true);
    expect(retryUnlessRefused(0, { status: 409 })).toBe(false);
  });

  it('waits longer between attempts, up to 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('counts only saves made offline that the server has not answered', () => {
    expect(isWaiting({ state: { status: 'pending', variables: queued } })).toBe(true);
    expect(isWaiting({ state: { status: 'success', variables: queued } })).toBe(false);
    expect(isWaiting({ state: { status: 'error', variables: queued } })).toBe(false);
    // A save made online (no queued meta) is the form's own business.
    expect(isWaiting({ state: { status: 'pending', variables: { ...queued, meta: undefined } } })).toBe(false);
  });

  it("reads a queued save's resource and client-made id", () => {
    expect(queuedRecord(queued)).toEqual({ resource: 'inspections', id: 'a1', data: queued.data });
    expect(queuedRecord({ ...queued, data: { hive_id: 'h1' } })).toBeNull();
    expect(queuedRecord({ ...queued, meta: {} })).toBeNull();
  });

  it('marks every restored waiting save paused, so it is resumed after a reload', () => {
    const restored = pauseRestored({
      clientState: {
        mutations: [
          { state: { status: 'pending', isPaused: false, variables: queued } },
          { state: { status: 'success', isPaused: false, variables: queued } },
        ],
      },
    });
    expect(restored.clientState.mutations.map((m) => m.state.isPaused)).toEqual([true, false]);
  });
});
