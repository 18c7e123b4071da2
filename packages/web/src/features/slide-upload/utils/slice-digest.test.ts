import { describe, expect, it } from 'vitest';
import { crc32Js } from './crc32';
import { sliceDigester, type SliceAnswer, type SliceJob, type WorkerLike } from './slice-digest';

const hashOnPage = async (bytes: Uint8Array) => crc32Js(bytes);
const blob = (text: string) => new Blob([new TextEncoder().encode(text)]);
const expected = (text: string) => crc32Js(new TextEncoder().encode(text));

/** A worker on the same thread, answering as hash-worker.ts does (or failing on demand). */
class FakeWorker implements WorkerLike {
  jobs = 0;
  terminated = false;
  private onMessage: ((event: MessageEvent<SliceAnswer>) => void) | null = null;
  private onError: ((event: Event) => void) | null = null;

  constructor(private readonly behaviour: 'answer' | 'refuse' | 'crash' = 'answer') {}

  addEventListener(type: 'message' | 'error', listener: unknown): void {
    if (type === 'message') {
      this.onMessage = listener as (event: MessageEvent<SliceAnswer>) => void;
    } else {
      this.onError = listener as (event: Event) => void;
    }
  }

  postMessage({ id, slice }: SliceJob): void {
    this.jobs += 1;
    void (async () => {
      if (this.behaviour === 'crash') {
        this.onError?.(new Event('error'));
        return;
      }
      const answer: SliceAnswer =
        this.behaviour === 'refuse'
          ? { id, error: 'unreadable' }
          : {
              id,
              crc32: crc32Js(new Uint8Array(await slice.arrayBuffer())),
              length: slice.size,
            };
      this.onMessage?.({ data: answer } as MessageEvent<SliceAnswer>);
    })();
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('chunk digests off the page', () => {
  it('hash slices on the worker, started once, answers matched to their slices', async () => {
    const worker = new FakeWorker();
    let started = 0;
    const digest = sliceDigester(() => {
      started += 1;
      return worker;
    }, hashOnPage);
    const texts = ['first chunk', 'second', 'a third one'];
    const digests = await Promise.all(texts.map((t) => digest(blob(t))));
    expect(digests).toEqual(texts.map((t) => ({ crc32: expected(t), length: t.length })));
    expect(started).toBe(1);
    expect(worker.jobs).toBe(3);
  });

  it('hash on the page where no worker can start', async () => {
    const digest = sliceDigester(() => {
      throw new Error('refused by policy');
    }, hashOnPage);
    expect(await digest(blob('abc'))).toEqual({ crc32: expected('abc'), length: 3 });
  });

  it('read a slice again on the page when the worker could not', async () => {
    const worker = new FakeWorker('refuse');
    const digest = sliceDigester(() => worker, hashOnPage);
    expect(await digest(blob('abc'))).toEqual({ crc32: expected('abc'), length: 3 });
  });

  it('give a failed worker up for good and finish its chunks on the page', async () => {
    const worker = new FakeWorker('crash');
    const digest = sliceDigester(() => worker, hashOnPage);
    expect(await digest(blob('one'))).toEqual({ crc32: expected('one'), length: 3 });
    expect(worker.terminated).toBe(true);
    expect(await digest(blob('two'))).toEqual({ crc32: expected('two'), length: 3 });
    expect(worker.jobs).toBe(1);
  });
});
