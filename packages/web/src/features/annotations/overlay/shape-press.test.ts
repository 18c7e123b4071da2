import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followShapePress } from './shape-press';

/** A pointer event as the window sees it (Node has EventTarget but no PointerEvent). */
function pointer(type: string, x: number, y: number, pointerId = 1, buttons = 1): PointerEvent {
  return Object.assign(new Event(type), {
    clientX: x,
    clientY: y,
    pointerId,
    pointerType: 'mouse',
    buttons,
  }) as PointerEvent;
}

describe('a press on a shape with the select tool', () => {
  let win: EventTarget;
  const surface = { panByPixels: vi.fn(), endPan: vi.fn() };
  beforeEach(() => {
    win = new EventTarget();
    vi.stubGlobal('window', win);
    surface.panByPixels.mockClear();
    surface.endPan.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stays a click while it moves a few pixels at most', () => {
    const press = followShapePress(pointer('pointerdown', 100, 100), surface);
    win.dispatchEvent(pointer('pointermove', 103, 102));
    win.dispatchEvent(pointer('pointerup', 103, 102));
    expect(press.dragged()).toBe(false);
    expect(surface.panByPixels).not.toHaveBeenCalled();
    expect(surface.endPan).not.toHaveBeenCalled();
  });

  it('pans by the whole way the pointer went once it moves further, and ends the pan once', () => {
    const press = followShapePress(pointer('pointerdown', 100, 100), surface);
    win.dispatchEvent(pointer('pointermove', 103, 100));
    win.dispatchEvent(pointer('pointermove', 110, 96));
    win.dispatchEvent(pointer('pointermove', 40, 70, 2)); // another finger: not this press
    win.dispatchEvent(pointer('pointermove', 130, 90));
    win.dispatchEvent(pointer('pointerup', 130, 90));
    win.dispatchEvent(pointer('pointermove', 200, 200)); // after the release: nothing
    expect(press.dragged()).toBe(true);
    expect(surface.panByPixels.mock.calls).toEqual([
      [10, -4],
      [20, -6],
    ]);
    expect(surface.endPan).toHaveBeenCalledTimes(1);
  });

  it('ends when the button is found released, and follows nothing once cancelled', () => {
    followShapePress(pointer('pointerdown', 0, 0), surface);
    win.dispatchEvent(pointer('pointermove', 0, 20));
    win.dispatchEvent(pointer('pointermove', 0, 40, 1, 0)); // released out of our sight
    win.dispatchEvent(pointer('pointermove', 0, 60));
    expect(surface.panByPixels.mock.calls).toEqual([[0, 20]]);
    expect(surface.endPan).toHaveBeenCalledTimes(1);

    const press = followShapePress(pointer('pointerdown', 0, 0), surface);
    press.cancel();
    win.dispatchEvent(pointer('pointermove', 0, 30));
    win.dispatchEvent(pointer('pointerup', 0, 30));
    expect(surface.panByPixels.mock.calls).toHaveLength(1);
    expect(surface.endPan).toHaveBeenCalledTimes(1);
  });

  it('ends on a cancelled pointer too', () => {
    followShapePress(pointer('pointerdown', 0, 0), surface);
    win.dispatchEvent(pointer('pointermove', 0, 20));
    win.dispatchEvent(pointer('pointercancel', 0, 20));
    expect(surface.endPan).toHaveBeenCalledTimes(1);
  });
});
