/*
 * Linked navigation of slides side by side (serial sections of one case, an H&E beside its
 * stains): when linking starts each slide keeps where it is; afterwards every pan of the slide
 * being moved is applied to the others as the same distance on the glass, and every zoom puts
 * them at the same scale on screen — the same magnification for slides of the same scanner. (A
 * first version kept each slide's zoom ratio to the leader: panes that started at 10× and 4×
 * ended at 50× and 20×.)
 */

export interface View {
  /** Centre in level-0 pixels. */
  x: number;
  y: number;
  /** Image zoom: screen pixels per level-0 pixel. */
  zoom: number;
}

/** What the scale comparison needs of a slide. */
export interface SlideScale {
  /** Micrometres per level-0 pixel. */
  mpp: number | null;
  objective: number | null;
}

/**
 * Follower level-0 pixels per leader level-0 pixel for the same distance on the glass: from the
 * pixel sizes, else from the objective powers; null when the two slides cannot be compared (a
 * scan that records neither).
 */
export function pixelRatio(leader: SlideScale, follower: SlideScale): number | null {
  if (leader.mpp && follower.mpp) {
    return leader.mpp / follower.mpp;
  }
  if (leader.objective && follower.objective) {
    return follower.objective / leader.objective;
  }
  return null;
}

/** How a slide is turned on screen: clockwise degrees, then mirrored left to right. */
export interface Turn {
  rotation: number;
  flipped: boolean;
}

const STRAIGHT: Turn = { rotation: 0, flipped: false };

interface Step {
  x: number;
  y: number;
}

/** A step in level-0 pixels as the screen shows it: turned, then mirrored (SlideViewer's order). */
function onScreen(step: Step, turn: Turn): Step {
  const a = (turn.rotation * Math.PI) / 180;
  const x = step.x * Math.cos(a) - step.y * Math.sin(a);
  const y = step.x * Math.sin(a) + step.y * Math.cos(a);
  return { x: turn.flipped ? -x : x, y };
}

/** The step on screen back in a slide's own pixels: unmirrored, then turned back. */
function onSlide(step: Step, turn: Turn): Step {
  return onScreen(
    { x: turn.flipped ? -step.x : step.x, y: step.y },
    {
      rotation: -turn.rotation,
      flipped: false,
    },
  );
}

/** Rounds off the sines' dust (cos 90° is 6e-17), so straight moves stay exact. */
function tidy(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/**
 * The follower's view after the leader moved from `before` to `now`: moved by the same distance
 * on the glass in the same direction on screen, at the leader's scale on screen. Slides turned
 * differently (sections laid at different angles, turned to line up) move alike on screen: a
 * drag to the left moves both to the left, whatever each one's turn. Slides that cannot be
 * compared (`ratio` null) zoom by the same factor and pan by the same distance on screen: at the
 * leader's scale, a small image with no pixel size shrank as the leader zoomed in.
 */
export function linkedView(
  before: View,
  now: View,
  follower: View,
  ratio: number | null = 1,
  turns: { leader: Turn; follower: Turn } = { leader: STRAIGHT, follower: STRAIGHT },
): View {
  const zoom = ratio === null ? follower.zoom * (now.zoom / before.zoom) : now.zoom / ratio;
  // Follower pixels per leader pixel on screen now (the ratio itself when they compare).
  const scale = now.zoom / zoom;
  const screen = onScreen({ x: now.x - before.x, y: now.y - before.y }, turns.leader);
  const step = onSlide(screen, turns.follower);
  return {
    x: tidy(follower.x + step.x * scale),
    y: tidy(follower.y + step.y * scale),
    zoom,
  };
}
