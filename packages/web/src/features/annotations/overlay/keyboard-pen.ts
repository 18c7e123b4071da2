import { distance, type Point } from '../utils/geometry';
import type { DrawSession, DrawStep } from './draw-session';
import type { SvgNode } from './svg-shapes';

/*
 * Drawing without a pointer: the centre of the view is the pen. The slide moves under it with
 * the keys it already has (arrows pan, + and − zoom), and Space puts the pen down where the view's
 * centre lies on the slide:
 * - line, arrow, rectangle, ellipse, free hand: Space starts the shape, the shape follows the
 *   centre as the slide moves (free hand along the way it travelled), Space again ends it;
 * - polygon: Space places a corner, Enter closes it (as for the mouse), Backspace takes one back;
 * - text: Space places the note.
 * Esc drops the shape as for the mouse. These are the pointer's own steps (DrawSession's press,
 * move, release, click), so a keyboard shape is measured, refused off the slide and saved like
 * one drawn with a mouse.
 * Space pressed again before the slide moved does nothing (null): a shape ended where it began,
 * or a corner placed twice, would be dropped or doubled, and a double press is an easy slip.
 */

/**
 * Space: the pen put down, or lifted, at `centre` (level-0 pixels under the view's centre), or
 * null when the slide has not moved since the last Space (`least`: level-0 pixels it must move).
 */
export function penDown(session: DrawSession, centre: Point, least: number): DrawStep | null {
  if (session.tool === 'polygon') {
    const last = session.corners.at(-1);
    return last && distance(last, centre) < least ? null : session.click(centre);
  }
  if (session.tool === 'text') {
    return session.click(centre);
  }
  if (!session.pressing) {
    return session.press(centre);
  }
  const unmoved = session.draft.every((point) => distance(point, centre) < least);
  return unmoved ? null : session.release(centre);
}

/**
 * The slide moved under the pen: the shape under way follows the view's centre. Null when no
 * shape is under way (nothing to redraw).
 */
export function penFollows(session: DrawSession, centre: Point): DrawStep | null {
  const following = session.pressing || (session.tool === 'polygon' && session.draft.length > 0);
  return following ? session.move(centre) : null;
}

/** Screen pixels from the pen's centre to the end of each arm of its cross. */
const ARM_PX = 9;

/**
 * The pen drawn at the view's centre (element pixels): a cross in the shapes' colour on a white
 * halo inside a dark one, so that it shows on any stain and on the bare glass, white and yellow
 * crosses too; with a gap in the middle so the exact point stays visible.
 */
export function penCross([x, y]: Point, color: string): SvgNode[] {
  const arms: [number, number, number, number][] = [
    [x - ARM_PX, y, x - 3, y],
    [x + 3, y, x + ARM_PX, y],
    [x, y - ARM_PX, x, y - 3],
    [x, y + 3, x, y + ARM_PX],
  ];
  return [
    { stroke: 'rgba(0, 0, 0, 0.6)', width: 6 },
    { stroke: '#ffffff', width: 4 },
    { stroke: color, width: 2 },
  ].flatMap(({ stroke, width }) =>
    arms.map(([x1, y1, x2, y2]) => ({
      tag: 'line' as const,
      attrs: { x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round' },
    })),
  );
}
