/**
 * A FIFO mutex. PGlite is a single connection: a transaction must own it from BEGIN to COMMIT, or
 * a query of another request would land inside it. Every task runs, in arrival order; a failing
 * task does not stop the ones behind it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
