import { describe, expect, it } from 'vitest';
import { readSeriesUids, seriesUidOf } from './dicom-series';

const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const even = (s: string) => (s.length % 2 ? `${s}\0` : s);
const tag = (t: number) => [...le16(t >>> 16), ...le16(t & 0xffff)];

/** An explicit VR little endian element with a short (2-byte) length. */
const explicit = (t: number, vr: string, value: string) => {
  const v = ascii(even(value));
  return [...tag(t), ...ascii(vr), ...le16(v.length), ...v];
};
/** An implicit VR little endian element. */
const implicit = (t: number, value: string) => {
  const v = ascii(even(value));
  return [...tag(t), ...le32(v.length), ...v];
};
const UNDEFINED = 0xffffffff;

function part10(syntax: string, dataset: number[]): Uint8Array {
  const meta = [
    ...explicit(0x00020002, 'UI', '1.2.840.10008.5.1.4.1.1.77.1.6'),
    ...explicit(0x00020010, 'UI', syntax),
  ];
  const group = [...explicit(0x00020000, 'UL', ''), ...meta];
  // (0002,0000) as UL with 4 bytes: length 4.
  group.splice(0, 8, ...tag(0x00020000), ...ascii('UL'), ...le16(4), ...le32(meta.length));
  return new Uint8Array([...new Array(128).fill(0), ...ascii('DICM'), ...group, ...dataset]);
}

const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';

describe('the series of a DICOM file, read from its head', () => {
  it('is the top-level SeriesInstanceUID, past sequences of undefined length that hold another', () => {
    const referenced = [
      // (0008,1115) ReferencedSeriesSequence, SQ of undefined length, one item of undefined
      // length holding a SeriesInstanceUID of another series.
      ...tag(0x00081115),
      ...ascii('SQ'),
      0,
      0,
      ...le32(UNDEFINED),
      ...tag(0xfffee000),
      ...le32(UNDEFINED),
      ...explicit(0x0020000e, 'UI', '9.9.9'),
      ...tag(0xfffee00d),
      ...le32(0),
      ...tag(0xfffee0dd),
      ...le32(0),
    ];
    const file = part10(EXPLICIT_LITTLE, [
      ...explicit(0x00080016, 'UI', '1.2.840.10008.5.1.4.1.1.77.1.6'),
      ...referenced,
      ...explicit(0x0020000d, 'UI', '1.2.3'),
      ...explicit(0x0020000e, 'UI', '1.2.3.9'),
      ...explicit(0x00280010, 'US', 'xx'),
    ]);
    expect(seriesUidOf(file)).toBe('1.2.3.9');
  });

  it('reads implicit VR little endian datasets', () => {
    const file = part10('1.2.840.10008.1.2', [
      ...implicit(0x00080016, '1.2.840.10008.5.1.4.1.1.77.1.6'),
      ...implicit(0x0020000e, '1.2.3.77'),
    ]);
    expect(seriesUidOf(file)).toBe('1.2.3.77');
  });

  it('is null for a file that is not DICOM, lacks the element, or holds it past the head', () => {
    expect(seriesUidOf(new Uint8Array(300))).toBeNull();
    const without = part10(EXPLICIT_LITTLE, [
      ...explicit(0x00080016, 'UI', '1.2'),
      ...explicit(0x00280010, 'US', 'xx'),
    ]);
    expect(seriesUidOf(without)).toBeNull();
    const whole = part10(EXPLICIT_LITTLE, [...explicit(0x0020000e, 'UI', '1.2.3.9')]);
    expect(seriesUidOf(whole.subarray(0, whole.length - 4))).toBeNull();
    expect(seriesUidOf(part10('1.2.840.10008.1.2.2', []))).toBeNull();
  });

  it('gives up on sequences nested deeper than any real header, rather than recurse on', () => {
    const open = [...tag(0x00081115), ...ascii('SQ'), 0, 0, ...le32(UNDEFINED)];
    const item = [...tag(0xfffee000), ...le32(UNDEFINED)];
    const close = [...tag(0xfffee00d), ...le32(0), ...tag(0xfffee0dd), ...le32(0)];
    const nested = (depth: number) => [
      ...Array.from({ length: depth }, () => [...open, ...item]).flat(),
      ...Array.from({ length: depth }, () => close).flat(),
      ...explicit(0x0020000e, 'UI', '1.2.3.9'),
    ];
    expect(seriesUidOf(part10(EXPLICIT_LITTLE, nested(3)))).toBe('1.2.3.9');
    expect(seriesUidOf(part10(EXPLICIT_LITTLE, nested(40)))).toBeNull();
  });

  it('is read only for files in folders holding more than one DICOM file', async () => {
    const fileOf = (name: string, bytes: Uint8Array) => ({
      name,
      slice: (start: number, end: number) => ({
        arrayBuffer: () => Promise.resolve(bytes.slice(start, end).buffer),
      }),
    });
    const a = part10(EXPLICIT_LITTLE, [...explicit(0x0020000e, 'UI', '1.2.3.9')]);
    const uids = await readSeriesUids([
      { path: 'S/a.dcm', file: fileOf('a.dcm', a) },
      { path: 'S/b.dcm', file: fileOf('b.dcm', a) },
      { path: 'S/notes.txt', file: fileOf('notes.txt', a) },
      { path: 'Alone/c.dcm', file: fileOf('c.dcm', a) },
      { path: 'top.dcm', file: fileOf('top.dcm', a) },
    ]);
    expect([...uids.entries()].sort()).toEqual([
      ['S/a.dcm', '1.2.3.9'],
      ['S/b.dcm', '1.2.3.9'],
    ]);
  });
});
