/**
 * The query client's queue with a stand-in data provider: a save made offline waits, survives
 * a sign-out's clear and a reload (the persisted cache), is sent once when the network returns,
 * is tried again after a lost answer, and a refused one is kept for correction.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import type { DataProvider } from 'react-admin';
import { createOfflineQueryClient } from './queryClient';
import { persistOptions, PERSIST_KEY, writeWhenLeaving } from './persister';
import { QUEUED_META, isWaiting } from './queue';
import { refusedRecords, forgetRefused } from './refused';

const RESOURCES = ['inspections'];
const record = (id: string) => ({ id, hive_id: 'h1', inspected_on: '2026-05-01' });

function providerAnswering(...answers: (Record<string, unknown> | Error)[]) {
  const create = jest.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => {
    const answer = answers.shift() ?? data;
    if (answer instanceof Error) throw answer;
    return { data: answer };
  });
  return { provider: { create } as unknown as DataProvider, create };
}

/** What a create page does offline: react-admin's mutation key and variables, with the queued meta. */
function saveOffline(client: QueryClient, id: string) {
  const variables = { resource: 'inspections', data: record(id), meta: QUEUED_META };
  const mutation = client.getMutationCache().build(client, { mutationKey: ['inspections', 'create', variables] });
  void mutation.execute(variables).catch(() => undefined);
  return mutation;
}

const waitingIn = (client: QueryClient) => client.getMutationCache().getAll().filter(isWaiting).length;
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Saves the client as the app does and restores it into a new one. (The persister packages bring
 * their own copy of query-core's types, hence the casts.)
 */
async function reload(provider: DataProvider, previous: QueryClient) {
  const options = persistOptions(RESOURCES, 'user-1');
  await persistQueryClientSave({ queryClient: previous as never, ...options });
  const client = createOfflineQueryClient(provider, RESOURCES);
  await persistQueryClientRestore({ queryClient: client as never, ...options });
  return client;
}

describe('the offline queue', () => {
  beforeEach(() => {
    localStorage.clear();
    onlineManager.setOnline(false);
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    refusedRecords().forEach((r) => forgetRefused(r.id));
  });

  it('keeps a save made offline through a sign-out and a reload, and sends it once online', async () => {
    const { provider, create } = providerAnswering();
    const before = createOfflineQueryClient(provider, RESOURCES);
    before.setQueryData(['orders', 'getList', {}], { data: [] });
    saveOffline(before, 'a1');
    await settle();
    expect(waitingIn(before)).toBe(1);
    before.clear();
    expect(waitingIn(before)).toBe(1);
    expect(before.getQueryData(['orders', 'getList', {}])).toBeUndefined();

    const after = await reload(provider, before);
    expect(localStorage.getItem(`${PERSIST_KEY}.user-1`)).toContain('"a1"');
    expect(waitingIn(after)).toBe(1);
    expect(create).not.toHaveBeenCalled();

    onlineManager.setOnline(true);
    await after.resumePausedMutations();
    await settle();
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith('inspections', { data: record('a1'), meta: QUEUED_META });
    expect(waitingIn(after)).toBe(0);
  });

  it('sends again after an answer lost on the way, with the same id', async () => {
    const { provider, create } = providerAnswering(httpError(0, 'TypeError: Failed to fetch'));
    const client = createOfflineQueryClient(provider, RESOURCES);
    const mutation = saveOffline(client, 'b2');
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(mutation.state.status).toBe('success');
    expect(create.mock.calls.map(([, { data }]) => data.id)).toEqual(['b2', 'b2']);
  });

  it('keeps a refused save with its message until it is stored or discarded', async () => {
    const { provider } = providerAnswering(httpError(409, 'Hive not found'), record('c3'));
    const client = createOfflineQueryClient(provider, RESOURCES);
    saveOffline(client, 'c3');
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await settle();
    expect(refusedRecords()).toEqual([{ resource: 'inspections', id: 'c3', data: record('c3'), message: 'Hive not found' }]);
    expect(waitingIn(client)).toBe(0);
    // Corrected and saved again (same id): the refusal goes.
    await client.getMutationCache()
      .build(client, { mutationKey: ['inspections', 'create'] })
      .execute({ resource: 'inspections', data: record('c3') });
    expect(refusedRecords()).toEqual([]);
  });

  it('a save made just before the page is left is written at once, not after the persister waits', async () => {
    const { provider } = providerAnswering();
    const client = createOfflineQueryClient(provider, RESOURCES);
    const stop = writeWhenLeaving(client, persistOptions(RESOURCES, 'user-1'));
    saveOffline(client, 'd4');
    await settle();
    expect(localStorage.getItem(`${PERSIST_KEY}.user-1`)).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(`${PERSIST_KEY}.user-1`)).toContain('"d4"');
    stop();

    // What was written is what a reload restores: the save still waits.
    const after = createOfflineQueryClient(provider, RESOURCES);
    await persistQueryClientRestore({ queryClient: after as never, ...persistOptions(RESOURCES, 'user-1') });
    expect(waitingIn(after)).toBe(1);
  });
});
