import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Space, Spin, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useRef, useState, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  SIGNATURE_HEIGHT,
  SIGNATURE_MAX_LABEL,
  SIGNATURE_WIDTH,
  type UserDto,
} from '@pathconsult/shared';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import type { ApiError } from '@/lib/api-error';
import { serverText } from '@/lib/server-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveSignature } from '../api/signature';
import {
  signatureDataUrlProblem,
  signatureFileProblem,
  type SignatureFileProblem,
} from '../utils/signature';
import { toSignaturePng } from '../utils/signature-canvas';

interface SignatureDialogProps {
  open: boolean;
  onClose: () => void;
}

const box: CSSProperties = {
  width: SIGNATURE_WIDTH,
  height: SIGNATURE_HEIGHT,
  border: '1px dashed #d9d9d9',
  borderRadius: 6,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: '#fafafa',
};

/**
 * Refusals of a prepared picture speak the server's words, so the form and the server say the same
 * thing. A file picked that is no PNG is told so alone: the server's "a 265×150 pixel PNG image
 * only" read as if the picture had the wrong size, when the crop makes that size.
 */
function refuse(problem: Exclude<SignatureFileProblem, null> | 'notPng', t: TFunction): void {
  toastError(
    problem === 'notPng'
      ? t('notPng')
      : problem === 'format'
        ? serverText('SIGNATURE_FORMAT')
        : serverText('SIGNATURE_TOO_LARGE', { max: SIGNATURE_MAX_LABEL }),
  );
}

/**
 * antd-img-crop's zoom row is two buttons holding only "－" and "＋" and an unnamed slider, with no
 * prop to name them: they are named once the crop dialog is open (its content is drawn once).
 */
function nameZoomControls(t: TFunction): void {
  const row = document.querySelector('.signature-crop .img-crop-control-zoom');
  const [zoomOut, zoomIn] = Array.from(row?.querySelectorAll('button') ?? []);
  zoomOut?.setAttribute('aria-label', t('crop.zoomOut'));
  zoomIn?.setAttribute('aria-label', t('crop.zoomIn'));
  row?.querySelector('.ant-slider-handle')?.setAttribute('aria-label', t('crop.zoom'));
}

/**
 * The own signature (spec §5 "Signature image"): shows the current one, picks a PNG of at most
 * 100 KB, crops it to the 265:150 box, redraws the crop on a 265×150 canvas and saves that PNG.
 * Test ids: `signature-modal`, `signature-current` / `signature-empty`, `signature-pick`,
 * `signature-crop-ok` (the crop dialog), `signature-preview`, `signature-save`, `signature-remove`.
 */
export function SignatureDialog({ open, onClose }: SignatureDialogProps) {
  const { t } = useTranslation('signature');
  const info = useUserInfo(open);
  return (
    <Modal
      open={open}
      title={t('title')}
      width={640}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <div data-testid="signature-modal">
        {info.isError && <Alert type="error" showIcon title={t('loadError')} />}
        {info.isLoading && (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        )}
        {info.data && <SignatureEditor user={info.data} onDone={onClose} />}
      </div>
    </Modal>
  );
}

function SignatureEditor({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const { t } = useTranslation('signature');
  const { modal } = App.useApp();
  const save = useSaveSignature();
  const [picked, setPicked] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  /*
   * Files refused before cropping: antd-img-crop still hands them to beforeUpload, which must
   * then drop them instead of taking the uncropped picture.
   */
  const refused = useRef(new Set<string>());
  const current = user.arraySignatureUrl;

  const beforeCrop: UploadProps['beforeUpload'] = (file) => {
    const problem = signatureFileProblem(file);
    if (problem) {
      refused.current.add(file.uid);
      refuse(problem === 'format' ? 'notPng' : problem, t);
      return false;
    }
    return true;
  };

  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    if (refused.current.delete(file.uid)) {
      return Upload.LIST_IGNORE;
    }
    setPreparing(true);
    try {
      const png = await toSignaturePng(file);
      const problem = signatureDataUrlProblem(png);
      if (problem) {
        refuse(problem, t);
      } else {
        setPicked(png);
      }
    } catch {
      refuse('format', t);
    } finally {
      setPreparing(false);
    }
    // Nothing is uploaded by the Upload itself: "save" sends the prepared image.
    return Upload.LIST_IGNORE;
  };

  function send(strSignatureUrl: string, done: string) {
    return save
      .mutateAsync({ iUserId: user.iUserId, strSignatureUrl })
      .then(() => {
        toastSuccess(done);
        onDone();
      })
      .catch((error: ApiError) => {
        if (!error.shown) {
          toastError(error.strMessage || t('saveFailed'));
        }
      });
  }

  function handleRemove() {
    modal.confirm({
      title: t('remove.title'),
      content: t('remove.content'),
      okText: t('remove.ok'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'signature-remove-confirm' } },
      // As every confirmation that takes something away (use-confirm-action.ts).
      autoFocusButton: 'cancel',
      onOk: () => send('', t('remove.done')),
    });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('hint')}</Typography.Text>
      <Flex gap="large" wrap>
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>{t('current')}</Typography.Text>
          <div style={box}>
            {current ? (
              <img
                src={current}
                alt={t('currentAlt')}
                width={SIGNATURE_WIDTH}
                height={SIGNATURE_HEIGHT}
                data-testid="signature-current"
              />
            ) : (
              <Typography.Text type="secondary" data-testid="signature-empty">
                {t('none')}
              </Typography.Text>
            )}
          </div>
        </Space>
        {picked && (
          <Space orientation="vertical" size={4}>
            <Typography.Text strong>{t('preview')}</Typography.Text>
            <div style={box}>
              <img
                src={picked}
                alt={t('previewAlt')}
                width={SIGNATURE_WIDTH}
                height={SIGNATURE_HEIGHT}
                data-testid="signature-preview"
              />
            </div>
          </Space>
        )}
      </Flex>
      <Flex justify="space-between" gap="small" wrap>
        <Space>
          <ImgCrop
            aspect={SIGNATURE_WIDTH / SIGNATURE_HEIGHT}
            // A signature keeps its transparent background.
            fillColor="rgba(0, 0, 0, 0)"
            modalTitle={t('crop.title')}
            modalOk={t('crop.ok')}
            modalCancel={t('crop.cancel')}
            modalClassName="signature-crop"
            modalProps={{
              okButtonProps: { ...{ 'data-testid': 'signature-crop-ok' } },
              afterOpenChange: (open) => open && nameZoomControls(t),
            }}
            beforeCrop={beforeCrop}
          >
            <Upload accept="image/png" showUploadList={false} beforeUpload={beforeUpload}>
              <Button icon={<UploadOutlined />} loading={preparing} data-testid="signature-pick">
                {t(current || picked ? 'pickAnother' : 'pick')}
              </Button>
            </Upload>
          </ImgCrop>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!current || save.isPending}
            data-testid="signature-remove"
            onClick={handleRemove}
          >
            {t('remove.button')}
          </Button>
        </Space>
        <Space>
          <Button onClick={onDone}>{t('cancel')}</Button>
          <Button
            type="primary"
            disabled={!picked}
            loading={save.isPending}
            data-testid="signature-save"
            onClick={() => picked && void send(picked, t('saved'))}
          >
            {t('save')}
          </Button>
        </Space>
      </Flex>
    </Space>
  );
}
