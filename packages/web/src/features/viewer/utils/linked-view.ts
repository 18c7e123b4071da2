/*
 * Linked navigation of slides side by side (serial sections of one case): when linking starts
 * each slide keeps where it is; afterwards every pan and zoom of the slide being moved is applied
 * to the others as the same movement in level-0 pixels and the same factor of magnification.
 */

export interface View {
  /** Centre in level-0 pixels. */
  x: number;
  y: number;
  /** Image zoom: screen pixels per level-0 pixel. */
  zoom: number;
}

/** The follower's view: its own view at link time moved as the leader moved since. */
export function linkedView(leaderAtLink: View, leaderNow: View, followerAtLink: View): View {
  return {
    x: followerAtLink.x + (leaderNow.x - leaderAtLink.x),
    y: followerAtLink.y + (leaderNow.y - leaderAtLink.y),
    zoom: followerAtLink.zoom * (leaderNow.zoom / leaderAtLink.zoom),
  };
}
