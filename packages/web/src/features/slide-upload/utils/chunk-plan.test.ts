import { describe, expect, it } from 'vitest';
import { chunkPlan, chunksInRanges, receivedBytes, type FileChunks } from './chunk-plan';

const C = 10; // chunk size of these tests

const file = (
  strFilePath: string,
  lSize: number,
  listReceived: [number, number][] = [],
): FileChunks => ({ strFilePath, lSize, iChunkCount: Math.ceil(lSize / C), listReceived });

const ids = (chunks: { strFilePath: string; iChunk: number }[]) =>
  chunks.map((c) => `${c.strFilePath}#${c.iChunk}`);

describe('chunk plan from what the server holds', () => {
  it('sends every chunk of a new file, the last one held back to complete', () => {
    const plan = chunkPlan([file('a.svs', 35)], C);
    expect(ids(plan.pending)).toEqual(['a.svs#0', 'a.svs#1', 'a.svs#2']);
    expect(plan.final).toEqual({ strFilePath: 'a.svs', iChunk: 3, start: 30, end: 35 });
  });

  it('sends only what is missing', () => {
    const plan = chunkPlan(
      [
        file('a.svs', 60, [
          [0, 1],
          [4, 4],
        ]),
      ],
      C,
    );
    expect(ids(plan.pending)).toEqual(['a.svs#2', 'a.svs#3']);
    expect(plan.final?.iChunk).toBe(5);
  });

  it('holds back a missing chunk in the middle when the end is there', () => {
    const plan = chunkPlan(
      [
        file('a.svs', 40, [
          [0, 0],
          [2, 3],
        ]),
      ],
      C,
    );
    expect(plan.pending).toEqual([]);
    expect(plan.final).toEqual({ strFilePath: 'a.svs', iChunk: 1, start: 10, end: 20 });
  });

  it('completes with a chunk the server holds when nothing is missing', () => {
    const plan = chunkPlan([file('a.svs', 25, [[0, 2]])], C);
    expect(plan.pending).toEqual([]);
    expect(plan.final).toEqual({ strFilePath: 'a.svs', iChunk: 2, start: 20, end: 25 });
  });

  it('goes through the files of a folder slide in order, main file first', () => {
    const plan = chunkPlan(
      [
        file('X.mrxs', 5),
        file('X/Slidedat.ini', 12, [[0, 1]]),
        file('X/Data0000.dat', 20),
        file('X/Empty.dat', 0),
      ],
      C,
    );
    expect(ids(plan.pending)).toEqual(['X.mrxs#0', 'X/Data0000.dat#0']);
    expect(plan.final?.strFilePath).toBe('X/Data0000.dat');
    expect(plan.final?.iChunk).toBe(1);
  });

  it('completes on the last non-empty file when all is there', () => {
    const plan = chunkPlan([file('X.mrxs', 5, [[0, 0]]), file('X/Empty.dat', 0)], C);
    expect(plan.final?.strFilePath).toBe('X.mrxs');
  });

  it('has nothing to send for a document without bytes', () => {
    expect(chunkPlan([file('a.svs', 0)], C)).toEqual({ pending: [], final: null });
  });

  it('lists the chunks of ranges, clipped to the file', () => {
    expect(
      ids(
        chunksInRanges(
          file('a', 30),
          [
            [1, 1],
            [2, 9],
          ],
          C,
        ),
      ),
    ).toEqual(['a#1', 'a#2']);
  });

  it('counts the bytes held, the short last chunk included', () => {
    expect(
      receivedBytes(
        [
          file('a', 35, [
            [0, 0],
            [3, 3],
          ]),
          file('b', 10, [[0, 0]]),
        ],
        C,
      ),
    ).toBe(10 + 5 + 10);
  });
});
