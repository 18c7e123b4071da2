import { TagOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Popover, Tooltip, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../use-dismiss';
import { PreviewableImage } from '../../../components/previewable-image';

/**
 * The slide's label and macro images (saved at ingest), served over the same tile token as the
 * tiles: /tiles/<token>/associated/label.jpg.
 */
export function AssociatedImagesButton({
  dziUrl,
  names,
  size,
  phone,
}: {
  dziUrl: string;
  names: readonly string[];
  size?: 'small' | 'middle';
  /** On a phone the images open in a dialog across the screen: a popover ran off its edge. */
  phone?: boolean;
}) {
  const { t } = useTranslation('viewer');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const panel = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The popover (not the phone's dialog, which has its own): Escape or a press on the slide
  // closes it.
  useDismiss(open && !phone, close, panel, buttonRef);
  const base = dziUrl.replace(/slide\.dzi$/, 'associated/');
  const shown = names.filter((n) => n === 'label' || n === 'macro');
  const images = (
    // On a phone the two images go one under the other, within the screen (the macro image
    // used to run off its right edge).
    <Flex
      gap="small"
      wrap
      style={{ maxWidth: 'calc(100vw - 48px)' }}
      data-testid="associated-images"
    >
      {shown.map((name) => (
        <Flex vertical key={name} align="center">
          <PreviewableImage
            src={`${base}${name}.jpg`}
            alt={t(`associated.${name}`)}
            style={{ maxWidth: 240, maxHeight: 240 }}
            data-testid={`associated-${name}`}
          />
          <Typography.Text type="secondary">{t(`associated.${name}`)}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
  if (shown.length === 0) {
    // Said on the button itself, without opening anything to read it.
    return (
      <Tooltip title={phone ? undefined : t('associated.none')}>
        <Button
          size={size}
          icon={<TagOutlined />}
          disabled
          aria-label={t('associated.none')}
          data-testid="viewer-associated"
        />
      </Tooltip>
    );
  }
  const content = <div ref={panel}>{images}</div>;
  const button = (
    <Tooltip title={phone ? undefined : t('associated.title')}>
      <Button
        ref={buttonRef}
        size={size}
        icon={<TagOutlined />}
        aria-label={t('associated.title')}
        onClick={phone ? () => setOpen(true) : undefined}
        aria-haspopup="dialog"
        data-testid="viewer-associated"
      />
    </Tooltip>
  );
  if (phone) {
    return (
      <>
        {button}
        <Modal
          open={open}
          title={t('associated.title')}
          footer={null}
          centered
          onCancel={() => setOpen(false)}
        >
          {content}
        </Modal>
      </>
    );
  }
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      {button}
    </Popover>
  );
}
