/**
 * A signal aborted when either of two is: AbortSignal.any where the browser has it (Chrome 116,
 * Safari 17.4), else a controller of its own. Hospital computers keep old browsers (Chrome 109 is
 * the last on Windows 7), where calling AbortSignal.any threw before every chunk.
 */
export function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') {
    return AbortSignal.any([a, b]);
  }
  const controller = new AbortController();
  const abort = () => {
    a.removeEventListener('abort', abort);
    b.removeEventListener('abort', abort);
    controller.abort();
  };
  if (a.aborted || b.aborted) {
    controller.abort();
  } else {
    a.addEventListener('abort', abort);
    b.addEventListener('abort', abort);
  }
  return controller.signal;
}
