import { describe, expect, it } from 'vitest';
import { PAN_KEY_STEP, panKeyDrag } from './pan-keys';

describe('panKeyDrag', () => {
  it('moves the picture against the key, so the view goes where the key points', () => {
    expect(panKeyDrag('ArrowDown', false)).toEqual({ dx: 0, dy: -PAN_KEY_STEP });
    expect(panKeyDrag('KeyW', false)).toEqual({ dx: 0, dy: PAN_KEY_STEP });
    expect(panKeyDrag('ArrowRight', false)).toEqual({ dx: -PAN_KEY_STEP, dy: 0 });
    expect(panKeyDrag('KeyA', false)).toEqual({ dx: PAN_KEY_STEP, dy: 0 });
  });

  it('leaves Shift+↑/↓ (smooth zoom) and other keys alone; Shift+←/→ still pan', () => {
    expect(panKeyDrag('ArrowUp', true)).toBeNull();
    expect(panKeyDrag('KeyS', true)).toBeNull();
    expect(panKeyDrag('ArrowLeft', true)).toEqual({ dx: PAN_KEY_STEP, dy: 0 });
    expect(panKeyDrag('KeyR', false)).toBeNull();
    expect(panKeyDrag('Equal', false)).toBeNull();
  });
});
