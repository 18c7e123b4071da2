import { describe, expect, it } from 'vitest';
import type { SlideViewer } from './slide-viewer';
import { ViewLink } from './view-link';

/** What ViewLink uses of a viewer: open state, target, turn, change events and moveTo. */
class FakeViewer {
  readonly slide = { mpp: 0.5, objective: 20 };
  isOpen = false;
  view = { x: 0, y: 0, zoom: 0.1 };
  turn = { rotation: 0, flipped: false };
  refitCount = 0;
  alignCount = 0;
  private readonly listeners = new Set<() => void>();

  rotation() {
    return this.turn.rotation;
  }
  flipped() {
    return this.turn.flipped;
  }

  onViewChange(cb: () => void) {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
  target() {
    return { ...this.view };
  }
  /** As OpenSeadragon: the move is made at once, its change events come on a later frame. */
  moveTo(x: number, y: number, zoom: number) {
    this.view = { x, y, zoom };
    queueMicrotask(() => this.changed());
  }
  /** As SlideViewer: a view of the whole slide fitted again to its pane's new size. */
  refit(x: number, y: number, zoom: number) {
    this.refitCount += 1;
    this.view = { x, y, zoom };
    queueMicrotask(() => this.changed());
  }
  /** As SlideViewer: moved by less than a pixel onto the screen's pixel grid. */
  align(x: number, y: number) {
    this.alignCount += 1;
    this.view = { ...this.view, x, y };
    queueMicrotask(() => this.changed());
  }
  /** The user (or the opening) puts the view somewhere. */
  go(x: number, y: number, zoom: number) {
    this.view = { x, y, zoom };
    this.changed();
  }
  /**
   * As SlideViewer: the saved view is set (a turn fires its change event before the zoom and pan
   * are in place, while the viewer is not open yet), then it is open and tells once more.
   */
  open(x: number, y: number, zoom: number) {
    this.changed();
    this.view = { x, y, zoom };
    this.isOpen = true;
    this.changed();
  }
  private changed() {
    this.listeners.forEach((cb) => cb());
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const asViewer = (fake: FakeViewer) => fake as unknown as SlideViewer;

describe('linked navigation', () => {
  it('passes one slide’s pan on to the other as the same distance, at the same magnification', async () => {
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    a.open(1000, 1000, 0.5);
    b.open(5000, 3000, 0.25);
    link.add(asViewer(a));
    link.add(asViewer(b));
    link.setEnabled(true);
    a.go(1200, 900, 1);
    await settled();
    // The same distance, and the leader's magnification (not twice the follower's own zoom).
    expect(b.view).toEqual({ x: 5200, y: 2900, zoom: 1 });
    expect(a.view).toEqual({ x: 1200, y: 900, zoom: 1 });
  });

  it('moves a slide turned otherwise the same way on screen', async () => {
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    a.turn = { rotation: 90, flipped: false };
    a.open(1000, 1000, 0.5);
    b.open(5000, 3000, 0.5);
    link.add(asViewer(a));
    link.add(asViewer(b));
    link.setEnabled(true);
    // a, turned a quarter clockwise, goes up its own pixels: to the right on screen.
    a.go(1000, 800, 0.5);
    await settled();
    expect(b.view).toEqual({ x: 5200, y: 3000, zoom: 0.5 });
  });

  it('does not pass on a slide’s opening at its last view when linking is on from the start', async () => {
    // A reload with linking on: both panes are linked before either has opened.
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    link.add(asViewer(a));
    link.add(asViewer(b));
    link.setEnabled(true);
    b.open(5000, 3000, 0.25);
    a.open(1000, 1000, 0.5);
    await settled();
    expect(b.view).toEqual({ x: 5000, y: 3000, zoom: 0.25 });
    // From there on, moves are linked.
    b.go(5100, 3000, 0.25);
    await settled();
    expect(a.view).toEqual({ x: 1100, y: 1000, zoom: 0.25 });
  });

  it('moves nothing while linking is off', () => {
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    a.open(0, 0, 1);
    b.open(10, 10, 1);
    link.add(asViewer(a));
    link.add(asViewer(b));
    a.go(500, 500, 2);
    expect(b.view).toEqual({ x: 10, y: 10, zoom: 1 });
  });

  it('does not pass on a pane fitting its whole slide again to a new size, only later moves', async () => {
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    a.open(1000, 1000, 0.5);
    b.open(5000, 3000, 0.25);
    link.add(asViewer(a));
    link.add(asViewer(b));
    link.setEnabled(true);
    a.refit(1000, 1000, 0.8);
    await settled();
    expect(b.view).toEqual({ x: 5000, y: 3000, zoom: 0.25 });
    // From its new fit, the user's next move goes on as usual.
    a.go(1100, 1000, 0.8);
    await settled();
    expect(b.view).toEqual({ x: 5100, y: 3000, zoom: 0.8 });
  });

  it('passes on the next move after a refit that left the view where it was', async () => {
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    a.open(1000, 1000, 0.5);
    b.open(5000, 3000, 0.25);
    link.add(asViewer(a));
    link.add(asViewer(b));
    link.setEnabled(true);
    // The pane changed size but its fit did not (e.g. only its height grew).
    a.refit(1000, 1000, 0.5);
    await settled();
    a.go(1100, 1000, 0.5);
    await settled();
    expect(b.view).toEqual({ x: 5100, y: 3000, zoom: 0.5 });
  });

  it('does not pass on a move onto the pixel grid, only later moves', async () => {
    const link = new ViewLink();
    const [a, b] = [new FakeViewer(), new FakeViewer()];
    a.open(1000, 1000, 0.5);
    b.open(5000, 3000, 0.5);
    link.add(asViewer(a));
    link.add(asViewer(b));
    link.setEnabled(true);
    // 0.6 level-0 pixels at 0.5 (0.3 screen pixels): more than an echo, yet not the user's.
    a.align(1000.6, 1000);
    await settled();
    expect(b.view).toEqual({ x: 5000, y: 3000, zoom: 0.5 });
    a.go(1100.6, 1000, 0.5);
    await settled();
    expect(b.view).toEqual({ x: 5100, y: 3000, zoom: 0.5 });
  });
});
