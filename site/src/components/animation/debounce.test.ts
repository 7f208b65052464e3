import { SCROLL_DEBOUNCE_MS } from './constants';
import { debounce } from './debounce';

describe('scroll debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs once, 50 ms after the last scroll event', () => {
    expect(SCROLL_DEBOUNCE_MS).toBe(50);
    const calls: number[] = [];
    const onScroll = debounce((y: number) => calls.push(y), SCROLL_DEBOUNCE_MS);
    onScroll(1);
    jest.advanceTimersByTime(30);
    onScroll(2);
    jest.advanceTimersByTime(49);
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual([2]);
  });

  it('cancel drops a pending run', () => {
    const fn = jest.fn();
    const run = debounce(fn, 50);
    run();
    run.cancel();
    jest.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });
});
