import { Image, type ImageProps } from 'antd';
import { useCallback, useState } from 'react';
import { useSettledPreview } from '../lib/use-settled-preview';

/**
 * antd's Image with its click-to-enlarge preview, closed safely even while the preview is still
 * opening (see useSettledPreview). Use it wherever an image opens a preview.
 *
 * `previewSrc` is what the preview shows when the image itself is a scaled-down copy (the
 * screenshot lists); `onPreviewOpen` tells the owner the preview was asked for, so that it can
 * fetch that larger picture only then.
 */
export function PreviewableImage({
  previewSrc,
  onPreviewOpen,
  ...props
}: Omit<ImageProps, 'preview'> & { previewSrc?: string; onPreviewOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const change = useCallback(
    (next: boolean) => {
      if (next) {
        onPreviewOpen?.();
      }
      setOpen(next);
    },
    [onPreviewOpen],
  );
  const preview = useSettledPreview(open, change);
  return <Image {...props} preview={previewSrc ? { ...preview, src: previewSrc } : preview} />;
}
