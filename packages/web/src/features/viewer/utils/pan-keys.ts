/** Element pixels the slide moves per press of a pan key (OpenSeadragon's own default). */
export const PAN_KEY_STEP = 40;

/**
 * The drag (element pixels, as a mouse drag of the picture) a pan key stands for: ↑/W shows
 * what is above on screen, so the picture moves down; ←/A what is left, so it moves right.
 * Given in screen directions, it is turned and mirrored with the view by the caller's drag
 * (OpenSeadragon's own key panning moves along the image's axes and went sideways or backwards
 * on a turned or mirrored slide). Null for other keys, and for Shift+↑/↓, which zoom.
 */
export function panKeyDrag(code: string, shift: boolean): { dx: number; dy: number } | null {
  switch (code) {
    case 'ArrowUp':
    case 'KeyW':
      return shift ? null : { dx: 0, dy: PAN_KEY_STEP };
    case 'ArrowDown':
    case 'KeyS':
      return shift ? null : { dx: 0, dy: -PAN_KEY_STEP };
    case 'ArrowLeft':
    case 'KeyA':
      return { dx: PAN_KEY_STEP, dy: 0 };
    case 'ArrowRight':
    case 'KeyD':
      return { dx: -PAN_KEY_STEP, dy: 0 };
    default:
      return null;
  }
}
