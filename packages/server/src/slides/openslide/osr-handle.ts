import type { OpenSlideBinding, OsrPointer } from './openslide-binding';

/**
 * One `openslide_t` shared by concurrent reads. OpenSlide's handles are thread-safe, but closing
 * one while a worker thread still reads from it would free memory under that read: a retired
 * handle is closed only when its last user leaves.
 */
export class OsrHandle {
  private users = 0;
  private retired = false;
  private closed = false;

  constructor(
    private readonly lib: OpenSlideBinding,
    readonly pointer: OsrPointer,
  ) {}

  /** False once retired: the caller must fetch the current handle again. */
  acquire(): boolean {
    if (this.retired) {
      return false;
    }
    this.users++;
    return true;
  }

  release(): void {
    this.users--;
    this.closeIfIdle();
  }

  retire(): void {
    this.retired = true;
    this.closeIfIdle();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private closeIfIdle(): void {
    if (this.retired && this.users === 0 && !this.closed) {
      this.closed = true;
      this.lib.close(this.pointer);
    }
  }
}
