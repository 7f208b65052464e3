import { onNetworkChange, watchNetwork } from './network';

describe('the network as the API calls find it', () => {
  afterEach(() => jest.useRealTimers());

  it('says offline when a call gets no answer and online again when the API answers', async () => {
    jest.useFakeTimers();
    const seen: boolean[] = [];
    const stop = onNetworkChange((online) => seen.push(online));
    const send = jest.fn<Promise<Response>, Parameters<typeof fetch>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 400 }));
    const watched = watchNetwork('https://api.example.org', send as typeof fetch);
    await expect(watched('https://api.example.org/rest/v1/rpc/x')).rejects.toThrow('Failed to fetch');
    // An answer, even a refusal, is not a lost network.
    await expect(watched('https://api.example.org/rest/v1/rpc/x')).resolves.toHaveProperty('status', 400);
    expect(seen).toEqual([false]);

    const probe = jest.spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(null, { status: 200 }));
    await jest.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual([false]);
    await jest.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual([false, true]);
    expect(probe).toHaveBeenLastCalledWith('https://api.example.org/auth/v1/health', { mode: 'no-cors', cache: 'no-store' });
    await jest.advanceTimersByTimeAsync(20_000);
    expect(probe).toHaveBeenCalledTimes(2);
    stop();
    probe.mockRestore();
  });
});
