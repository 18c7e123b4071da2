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
 * pixel sizes, else from the objective powers, else 1.
 */
export function pixelRatio(leader: SlideScale, follower: SlideScale): number {
  if (leader.mpp && follower.mpp) {
    return leader.mpp / follower.mpp;
  }
  if (leader.objective && follower.objective) {
    return follower.objective / leader.objective;
  }
  return 1;
}

/**
 * The follower's view after the leader moved from `before` to `now`: moved by the same distance
 * on the glass, at the leader's scale on screen.
 */
export function linkedView(before: View, now: View, follower: View, ratio = 1): View {
  return {
    x: follower.x + (now.x - before.x) * ratio,
    y: follower.y + (now.y - before.y) * ratio,
    zoom: now.zoom / ratio,
  };
}
