import { message } from 'antd';
import { Limits } from '@pathconsult/shared';
import { createToastGate } from './http-errors';

/*
 * Toasts of spec §9: 1 second each, at most 3 at once, and the same error text at most once a
 * second (several failing queries must not stack the same message). The instance of antd's <App>
 * is used once mounted, so that toasts follow the theme and locale; before that the static API.
 */
message.config({ maxCount: Limits.toastMaxCount, duration: Limits.toastDurationS });

/** The part of antd's message API used here (static `message` and `App.useApp().message`). */
export interface Toaster {
  error(text: string): unknown;
  warning(text: string): unknown;
  success(text: string): unknown;
  info(text: string): unknown;
}

let instance: Toaster = message;
const gate = createToastGate(Limits.errorToastDebounceMs, () => Date.now());

/** Called by the providers with `App.useApp().message`. */
export function setMessageInstance(next: Toaster): void {
  instance = next;
}

export function toastError(text: string): void {
  if (gate(text)) {
    instance.error(text);
  }
}

export function toastWarning(text: string): void {
  if (gate(text)) {
    instance.warning(text);
  }
}

export function toastSuccess(text: string): void {
  instance.success(text);
}

/** Something to know, neither a success nor a problem (work that goes on elsewhere). */
export function toastInfo(text: string): void {
  instance.info(text);
}
