import { useCallback, useEffect, useRef } from 'react';

/**
 * Longest a close waits for the preview's opening animation (antd's runs 0.2 s, longer on a page
 * busy painting a slide) before it goes ahead anyway.
 */
const OPENING_LIMIT_MS = 2500;

export interface SettledPreviewProps {
  open: boolean;
  onOpenChange: (next: boolean) => void;
  afterOpenChange: (visible: boolean) => void;
}

/**
 * Preview props for antd's Image that hold a close asked for while the preview is still opening
 * until it has opened. antd 6 (ant-design/ant-design#57431) leaves the preview's invisible mask
 * over the page when Escape or a click closes it during its opening animation, and nothing can be
 * clicked until a reload; closing a moment later, once it has opened, is what the reader meant.
 */
export function useSettledPreview(
  open: boolean,
  setOpen: (next: boolean) => void,
): SettledPreviewProps {
  const opened = useRef(false);
  const closeWanted = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelWantedClose = useCallback(() => {
    if (closeWanted.current !== null) {
      clearTimeout(closeWanted.current);
      closeWanted.current = null;
    }
  }, []);
  useEffect(() => cancelWantedClose, [cancelWantedClose]);

  const onOpenChange = useCallback(
    (next: boolean) => {
      if (next || opened.current) {
        cancelWantedClose();
        setOpen(next);
      } else if (closeWanted.current === null) {
        // Still opening: close once it has opened, or after the animation's time at the latest.
        closeWanted.current = setTimeout(() => {
          closeWanted.current = null;
          setOpen(false);
        }, OPENING_LIMIT_MS);
      }
    },
    [setOpen, cancelWantedClose],
  );

  const afterOpenChange = useCallback(
    (visible: boolean) => {
      opened.current = visible;
      if (visible && closeWanted.current !== null) {
        cancelWantedClose();
        setOpen(false);
      }
    },
    [setOpen, cancelWantedClose],
  );

  return { open, onOpenChange, afterOpenChange };
}
