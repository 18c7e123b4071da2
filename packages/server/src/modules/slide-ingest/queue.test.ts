import { describe, expect, it } from 'vitest';
import { IngestQueue } from './queue';

/** A task per id that ends when the test says so. */
function controllable() {
  const started: number[] = [];
  const finish = new Map<number, (fail?: Error) => void>();
  const run = (id: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(id);
      finish.set(id, (fail) => (fail ? reject(fail) : resolve()));
    });
  const end = async (id: number, fail?: Error) => {
    finish.get(id)?.(fail);
    // Let the queue see the end and start the next task.
    await new Promise((r) => setImmediate(r));
  };
  return { run, started, end };
}

describe('IngestQueue', () => {
  it('runs at most `concurrency` tasks at once, in order, and is idle at the end', async () => {
    const c = controllable();
    const queue = new IngestQueue(c.run, 2, () => undefined);
    let idle = false;
    await queue.idle();
    for (const id of [1, 2, 3, 4]) {
      queue.enqueue(id);
    }
    void queue.idle().then(() => (idle = true));
    expect(c.started).toEqual([1, 2]);
    await c.end(2);
    expect(c.started).toEqual([1, 2, 3]);
    await c.end(1);
    await c.end(3);
    expect(c.started).toEqual([1, 2, 3, 4]);
    expect(idle).toBe(false);
    await c.end(4);
    expect(idle).toBe(true);
    expect(queue.size).toBe(0);
  });

  it('does not add an id that is waiting or running, but takes it again once done', async () => {
    const c = controllable();
    const queue = new IngestQueue(c.run, 1, () => undefined);
    queue.enqueue(7);
    queue.enqueue(8);
    queue.enqueue(7);
    queue.enqueue(8);
    expect(queue.size).toBe(2);
    await c.end(7);
    await c.end(8);
    expect(c.started).toEqual([7, 8]);
    queue.enqueue(7);
    expect(c.started).toEqual([7, 8, 7]);
    await c.end(7);
  });

  it('reports a failing task and goes on with the next', async () => {
    const c = controllable();
    const errors: Array<[number, unknown]> = [];
    const queue = new IngestQueue(c.run, 1, (id, error) => errors.push([id, error]));
    queue.enqueue(1);
    queue.enqueue(2);
    const boom = new Error('boom');
    await c.end(1, boom);
    expect(errors).toEqual([[1, boom]]);
    expect(c.started).toEqual([1, 2]);
    await c.end(2);
    await queue.idle();
  });

  it('on close drops what waits, waits for what runs, and takes nothing more', async () => {
    const c = controllable();
    const queue = new IngestQueue(c.run, 1, () => undefined);
    queue.enqueue(1);
    queue.enqueue(2);
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    await c.end(1);
    await closing;
    expect(c.started).toEqual([1]);
    queue.enqueue(3);
    expect(c.started).toEqual([1]);
    await queue.idle();
  });
});
