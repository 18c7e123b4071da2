import type { TFunction } from 'i18next';
import type { PenStep } from '../overlay/annotation-overlay';

/** What a screen reader is told of a step of the keyboard's pen, and what to do next. */
export function penStepText(step: PenStep, corners: number, t: TFunction<'annotations'>): string {
  switch (step) {
    case 'started':
      return t('tools.penStarted');
    case 'corner':
      return t('tools.penCorner', { count: corners });
    case 'undone':
      return t('tools.penUndone', { count: corners });
    case 'moveFirst':
      return t('tools.penMoveFirst');
    case 'finished':
      return t('tools.penFinished');
    case 'cancelled':
      return t('tools.penCancelled');
    case 'notKept':
      return t('tools.penNotKept');
    case 'offSlide':
      return t('tools.offSlide');
  }
}
