import { App } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from './api-error';
import { toastSuccess } from './toast';
import { noteFocus, returnFocusSoon } from './focus-return';

export interface ConfirmActionOptions {
  title: string;
  /** The explanation under the title; a list of what the action touches, where it helps. */
  content: ReactNode;
  /** Text of the OK button; antd's "OK" when not given. */
  okText?: string;
  cancelText?: string;
  /** A red OK button: the action deletes or takes something away. Red unless told otherwise. */
  danger?: boolean;
  /** `data-testid` of the OK button. */
  okTestId: string;
  /** Runs on OK; the button spins until it ends, then the dialog closes either way. */
  action: () => Promise<unknown>;
  /** Toast once the action succeeded. */
  done: string;
  /** A failure beyond what the API client already showed (it shows why by default). */
  onError?: (error: ApiError) => void;
  /** Once the dialog has closed, however it closed. */
  afterClose?: () => void;
}

/**
 * The open dialog: closed, or changed (a confirmation overtaken by events becomes a notice), by
 * the caller.
 */
export type ConfirmHandle = ReturnType<ReturnType<typeof App.useApp>['modal']['confirm']>;

/**
 * Confirmation of an action on a list row (delete, remove, freeze...): every list screen asks the
 * same way, runs the action from the dialog and toasts its success, so it is written once here.
 */
export function useConfirmAction() {
  const { modal } = App.useApp();
  return (options: ConfirmActionOptions): ConfirmHandle => {
    const danger = options.danger ?? true;
    const opener = noteFocus();
    return modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { danger, ...{ 'data-testid': options.okTestId } },
      // Enter (or a stray Space) on a dialog that deletes patient data must not delete it: the
      // focus starts on Cancel, the destructive button takes a deliberate click or Tab.
      autoFocusButton: danger ? 'cancel' : 'ok',
      onOk: () =>
        options.action().then(
          () => toastSuccess(options.done),
          (error: ApiError) => options.onError?.(error),
        ),
      afterClose: () => {
        options.afterClose?.();
        // The row the dialog was opened from may be gone: the focus stays near its place.
        returnFocusSoon(opener);
      },
    });
  };
}
