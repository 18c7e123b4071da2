import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '@/lib/lazy-screen';

// The dialog holds the cropper: it loads when the expert asks for it.
const SignatureDialog = lazyScreen(() =>
  import('./signature-dialog').then((m) => ({ default: m.SignatureDialog })),
);

/**
 * Said up front where something is signed (the report form) when the user has no signature image
 * yet: signing needs one, and the button opens the upload right here — the same dialog as the
 * account menu's "My signature", which the text names for next time. `id` lets the sign button
 * point at this explanation (aria-describedby).
 */
export function SignatureRequiredAlert({ id }: { id?: string }) {
  const { t } = useTranslation('signature');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Alert
        id={id}
        type="warning"
        showIcon
        title={t('required.title')}
        description={
          // The button under the text, not as the alert's action: beside it, on a phone, the
          // text would be squeezed to a word a line.
          <Flex vertical align="flex-start" gap="small">
            {t('required.hint')}
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => {
                setOpened(true);
                setOpen(true);
              }}
              data-testid="signature-required-upload"
            >
              {t('required.upload')}
            </Button>
          </Flex>
        }
        data-testid="signature-required"
      />
      {opened && (
        <Suspense fallback={null}>
          <SignatureDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
