import { Image, type ImageProps } from 'antd';
import { useState } from 'react';
import { useSettledPreview } from '../lib/use-settled-preview';

/**
 * antd's Image with its click-to-enlarge preview, closed safely even while the preview is still
 * opening (see useSettledPreview). Use it wherever an image opens a preview.
 */
export function PreviewableImage(props: Omit<ImageProps, 'preview'>) {
  const [open, setOpen] = useState(false);
  const preview = useSettledPreview(open, setOpen);
  return <Image {...props} preview={preview} />;
}
