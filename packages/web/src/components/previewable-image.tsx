import { Image, Spin, type ImageProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSettledPreview } from '../lib/use-settled-preview';
import { usePreviewControls } from '../lib/preview-controls';

/**
 * antd's Image with its click-to-enlarge preview, closed safely even while the preview is still
 * opening (see useSettledPreview). Use it wherever an image opens a preview.
 *
 * When the image is a scaled-down copy (the screenshot lists), `previewSrc` is the whole picture
 * the preview shows: null while it is being fetched, which `onPreviewOpen` starts. The preview
 * then opens once it is there, a spinner on the image meanwhile: opened on the copy, it showed
 * a small picture that jumped to several times its size (and zoom) when the whole one arrived.
 */
export function PreviewableImage({
  previewSrc,
  onPreviewOpen,
  ...props
}: Omit<ImageProps, 'preview'> & { previewSrc?: string | null; onPreviewOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const change = useCallback(
    (next: boolean) => {
      if (next) {
        onPreviewOpen?.();
      }
      if (next && previewSrc === null) {
        setWaiting(true);
        return;
      }
      setOpen(next);
    },
    [onPreviewOpen, previewSrc],
  );
  useEffect(() => {
    if (waiting && previewSrc) {
      setWaiting(false);
      setOpen(true);
    }
  }, [waiting, previewSrc]);
  const settled = useSettledPreview(open, change);
  const controls = usePreviewControls();
  const preview = { ...settled, ...controls };
  const image = (
    <Image {...props} preview={previewSrc ? { ...preview, src: previewSrc } : preview} />
  );
  return waiting ? (
    <Spin spinning data-testid="image-preview-loading">
      {image}
    </Spin>
  ) : (
    image
  );
}
