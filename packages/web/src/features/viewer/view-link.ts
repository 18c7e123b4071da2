import type { SlideViewer } from './slide-viewer';
import { linkedView, pixelRatio, type Turn, type View } from './utils/linked-view';

/** Movements smaller than this (level-0 pixels, zoom ratio) are the echo of our own moves. */
const STILL_PX = 0.5;
const STILL_ZOOM = 1e-3;

/**
 * Linked navigation of the slides shown side by side: whichever slide the user moves, the others
 * make the same movement, at the same scale (linked-view.ts). Each viewer's last known target is kept; a viewer whose
 * target changed beyond an echo is the one being moved. Followers are moved at once, and their
 * own change events then find them where they were put. A viewer still opening has no target
 * yet: where it opens (its last view) is its starting point, not a move to pass on, so linking
 * can be on from the start (a reload keeps it).
 */
export class ViewLink {
  private readonly members = new Map<SlideViewer, View | null>();
  /** Each viewer's refitCount when last seen. */
  private readonly refits = new Map<SlideViewer, number>();
  /** Each viewer's alignCount when last seen. */
  private readonly aligns = new Map<SlideViewer, number>();
  private enabled = false;

  add(viewer: SlideViewer): () => void {
    this.members.set(viewer, viewer.isOpen ? viewer.target() : null);
    this.refits.set(viewer, viewer.refitCount);
    this.aligns.set(viewer, viewer.alignCount);
    const unsubscribe = viewer.onViewChange(() => this.moved(viewer));
    return () => {
      unsubscribe();
      this.members.delete(viewer);
      this.refits.delete(viewer);
      this.aligns.delete(viewer);
    };
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    // Linking starts from where each slide is now.
    for (const viewer of this.members.keys()) {
      this.members.set(viewer, viewer.isOpen ? viewer.target() : null);
    }
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  private moved(leader: SlideViewer): void {
    if (!leader.isOpen) {
      return;
    }
    const before = this.members.get(leader);
    const now = leader.target();
    if (!before) {
      // Just opened: where it opened is where it starts.
      this.members.set(leader, now);
      return;
    }
    if (this.refits.get(leader) !== leader.refitCount) {
      // Fitted again to a pane that changed size (full screen, a window resized): not a move.
      // Checked before the echo test so a refit that changed nothing is still used up here,
      // and the user's next move is passed on.
      this.refits.set(leader, leader.refitCount);
      this.members.set(leader, now);
      return;
    }
    if (this.aligns.get(leader) !== leader.alignCount) {
      // Moved by less than a pixel onto the screen's pixel grid: not a move either. Passed on,
      // each slide aligned the other's echo again and the two crept across the screen.
      this.aligns.set(leader, leader.alignCount);
      this.members.set(leader, now);
      return;
    }
    if (isStill(before, now)) {
      return;
    }
    this.members.set(leader, now);
    if (!this.enabled) {
      return;
    }
    for (const [follower, known] of this.members) {
      if (follower === leader || !follower.isOpen || !known) {
        continue;
      }
      const next = linkedView(before, now, known, pixelRatio(leader.slide, follower.slide), {
        leader: turnOf(leader),
        follower: turnOf(follower),
      });
      follower.moveTo(next.x, next.y, next.zoom);
      this.members.set(follower, follower.target());
    }
  }
}

function turnOf(viewer: SlideViewer): Turn {
  return { rotation: viewer.rotation(), flipped: viewer.flipped() };
}

function isStill(a: View, b: View): boolean {
  return (
    Math.abs(a.x - b.x) < STILL_PX &&
    Math.abs(a.y - b.y) < STILL_PX &&
    Math.abs(b.zoom / a.zoom - 1) < STILL_ZOOM
  );
}
