import { describe, expect, it } from 'vitest';
import { SPEED_SAMPLES, SpeedMeter, formatSpeed, remainingTime } from './speed';

describe('speed meter (spec §9: average of the last 10 one-second samples)', () => {
  it('is unknown (null) before any sample, not 0', () => {
    expect(new SpeedMeter().average()).toBeNull();
  });

  it('averages the samples it has while fewer than 10', () => {
    const meter = new SpeedMeter();
    meter.add(100);
    meter.add(300);
    meter.add(500);
    // The first second is replaced by the next (below).
    expect(meter.average()).toBe(400);
  });

  it('shows the first second alone until the next replaces it, and tells no time from it', () => {
    const meter = new SpeedMeter();
    // Started mid-second, after the server was asked what it holds: a few bytes.
    meter.add(20_000);
    expect(meter.average()).toBe(20_000);
    expect(meter.settled()).toBe(false);
    meter.add(150_000);
    expect(meter.average()).toBe(150_000);
    expect(meter.settled()).toBe(true);
    meter.add(160_000);
    expect(meter.average()).toBe(155_000);
    // After a reset (a pause, a lost link) the next first second is provisional again.
    meter.reset();
    meter.add(10_000);
    expect(meter.settled()).toBe(false);
  });

  it('keeps only the last 10 samples', () => {
    const meter = new SpeedMeter();
    for (let i = 0; i < SPEED_SAMPLES; i += 1) {
      meter.add(1000);
    }
    expect(meter.average()).toBe(1000);
    meter.add(0);
    meter.add(0);
    // Two of the ten samples are now 0.
    expect(meter.average()).toBe(800);
    for (let i = 0; i < SPEED_SAMPLES; i += 1) {
      meter.add(50);
    }
    expect(meter.average()).toBe(50);
  });

  it('starts over after a reset and ignores negative samples', () => {
    const meter = new SpeedMeter();
    meter.add(1000);
    meter.reset();
    expect(meter.average()).toBeNull();
    meter.add(-5);
    meter.add(-5);
    expect(meter.average()).toBe(0);
  });

  it('reads nothing measured, not 0 B/s, while the first second sent nothing yet', () => {
    const meter = new SpeedMeter();
    // The first second went on asking the server what it holds and the first chunk's round trip.
    meter.add(0);
    expect(meter.average()).toBeNull();
    expect(meter.settled()).toBe(false);
    // The next second measures the link; a zero second from then on is a real stall.
    meter.add(300_000);
    expect(meter.average()).toBe(300_000);
    meter.add(0);
    expect(meter.average()).toBe(150_000);
  });
});

describe('speed text in B, K, M per second', () => {
  it.each([
    [0, '0 B/s'],
    [512, '512 B/s'],
    [999, '999 B/s'],
    [1000, '1.0 K/s'],
    [1023, '1.0 K/s'],
    [1024, '1.0 K/s'],
    [1536, '1.5 K/s'],
    [999.9 * 1024, '999.9 K/s'],
    [999.96 * 1024, '1.0 M/s'],
    [1023 * 1024, '1.0 M/s'],
    [1024 * 1024 - 1, '1.0 M/s'],
    [1024 * 1024, '1.0 M/s'],
    [12.34 * 1024 * 1024, '12.3 M/s'],
  ])('%d bytes a second reads %s', (bps, text) => {
    expect(formatSpeed(bps)).toBe(text);
  });
});

describe('remaining time in s, min, h', () => {
  it('is unknown without a speed', () => {
    expect(remainingTime(1000, 0)).toBeNull();
  });

  it.each([
    [0, 100, { value: 0, unit: 's' }],
    [1000, 100, { value: 10, unit: 's' }],
    [5900, 100, { value: 59, unit: 's' }],
    [7000, 100, { value: 70, unit: 's' }],
    [11_900, 100, { value: 119, unit: 's' }],
    [12_000, 100, { value: 2, unit: 'min' }],
    // The nearest minute: 121 s reads "2 min" and counts down into "119 s" (rounded up it read
    // "3 min" a second before "119 s").
    [12_100, 100, { value: 2, unit: 'min' }],
    [14_900, 100, { value: 2, unit: 'min' }],
    [15_000, 100, { value: 3, unit: 'min' }],
    [356_900, 100, { value: 59, unit: 'min' }],
    // Never "60 min": the next second would read "1 h".
    [357_000, 100, { value: 1, unit: 'h' }],
    [359_900, 100, { value: 1, unit: 'h' }],
    [360_000, 100, { value: 1, unit: 'h' }],
    [540_000, 100, { value: 1.5, unit: 'h' }],
  ])('%d bytes at %d B/s', (bytes, bps, expected) => {
    expect(remainingTime(bytes, bps)).toEqual(expected);
  });
});
