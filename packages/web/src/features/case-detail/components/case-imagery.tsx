import { useQueryClient } from '@tanstack/react-query';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  EyeOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Table, Typography } from 'antd';
import type { TableColumnsType, TableColumnType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SlideUploadState,
  UploadType,
  sameFileAs,
  type PatientDto,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { usePreloadScreen } from '@/app/use-preload-screen';
import { SHOW_SLIDE_PATH } from '@/config/paths';
import { useUploads } from '@/features/slide-upload/components/upload-context';
import { UploadStateTag } from '@/features/slides/components/slide-tags';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import { SlideFileName } from '@/features/slides/components/slide-file-name';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { columnsWidth } from '@/lib/table-width';
import { useCaseSlides, useDeleteCaseSlide } from '../api/case-slides';
import { WaitingSlidesNotice } from './waiting-slides-notice';
import { QueuedSlidesNotice } from './queued-slides-notice';
import { SlideThumbnail } from '@/features/slides/components/slide-thumbnail';
import { formatAndPower, isViewable, slideTime } from '@/features/slides/utils/slide-facts';
import { SlideFactLines } from '@/features/slides/components/slide-fact-lines';
import { ContinueUploadButton } from '@/features/slide-upload/components/continue-upload-button';
import { useCompactTable } from '@/lib/use-compact-table';
import {
  canChangeSlides,
  caseUploadRequest,
  imageryColumns,
  slidesLocked,
  type ImageryColumn,
} from '../utils/imagery';
import { ImageFacts } from './imagery-facts';

/** The narrow name column's least width: below it (a phone under 320 px) the table scrolls. */
const NAME_MIN_WIDTH = 150;
/** What the narrow table writes under a file name: its wide columns' size, image and upload. */
const COMPACT_FACTS = ['size', 'pixels', 'uploaded'] as const;

/**
 * /case/Imagery-info: the case's slides (name, format, size, magnification and thumbnail once the
 * slide engine has read them, upload state, time), and, for the case's owner while it may change,
 * uploading (batch or single, through the workspace's upload queue) and deleting. On a narrow
 * screen the state, the other facts and the actions sit under the file name (imageryColumns).
 */
export function CaseImagery({ patient }: { patient: PatientDto }) {
  const { t } = useTranslation('upload');
  const { t: tv } = useTranslation('viewer');
  const { t: ts } = useTranslation('slides');
  const navigate = useNavigate();
  const { iUserId, iRoleType } = useSession();
  const { openPanel } = useUploads();
  const confirm = useConfirmAction();
  const slides = useCaseSlides(patient.iPatientId);
  const queryClient = useQueryClient();
  const remove = useDeleteCaseSlide();
  const list = slides.data?.listSlideDocument ?? [];
  usePreloadScreen(SHOW_SLIDE_PATH, list.some(isViewable));
  const duplicates = sameFileAs(list);
  const failedCount = list.filter(
    (slide) => slide.ddUploadState.iNumber === SlideUploadState.Failed,
  ).length;
  const canChange = canChangeSlides(patient, iUserId, iRoleType);
  const compact = useCompactTable();
  // Lines a long file name may take before it is cut in its middle.
  const nameLines = compact ? 3 : 2;

  const view = (slide: SlideDocumentDto) =>
    void navigate(`${SHOW_SLIDE_PATH}?id=${slide.iSlideDocumentId}`);

  const upload = (iUploadType: typeof UploadType.Single | typeof UploadType.Batch) =>
    openPanel(caseUploadRequest(patient, iUploadType, list));

  const onDelete = (slide: SlideDocumentDto) =>
    confirm({
      title: t('imagery.deleteTitle', { name: slide.strFileName }),
      // An upload under way is stopped by the deletion: said so, naming a colleague whose upload
      // it is (a slide they send by number joins the case while it uploads).
      content:
        slide.ddUploadState.iNumber !== SlideUploadState.Uploading
          ? t('imagery.deleteContent')
          : slide.iUploadUserId === iUserId
            ? t('imagery.deleteContentUploading')
            : ts('delete.contentOthersUpload', { user: slide.strUploadUserName }),
      okText: t('imagery.deleteOk'),
      cancelText: t('imagery.deleteCancel'),
      okTestId: 'imagery-delete-confirm',
      action: () => remove.mutateAsync(slide.iSlideDocumentId),
      done: t('imagery.deleted'),
    });

  const stateTag = (slide: SlideDocumentDto) => (
    <UploadStateTag slide={slide} testId={`imagery-state-${slide.strFileName}`} />
  );

  const actions = (slide: SlideDocumentDto) => (
    <Flex gap={0} wrap>
      {isViewable(slide) && (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={() => view(slide)}
          data-testid={`imagery-view-${slide.strFileName}`}
        >
          {tv('open')}
        </Button>
      )}
      <ContinueUploadButton
        slide={slide}
        mine={canChange && slide.iUploadUserId === iUserId}
        onContinue={() => {
          upload(slide.iUploadType === UploadType.Single ? UploadType.Single : UploadType.Batch);
          return true;
        }}
        testIdPrefix="imagery"
      />
      {canChange && (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => onDelete(slide)}
          data-testid={`imagery-delete-${slide.strFileName}`}
        >
          {t('imagery.delete')}
        </Button>
      )}
    </Flex>
  );

  const byKey: Record<ImageryColumn, TableColumnType<SlideDocumentDto>> = {
    thumbnail: {
      // Narrow, a shorter heading over a column just wider than the pictures (64 px): the
      // English one took a third of a 320 px phone, and the names scrolled out of sight.
      title: t(compact ? 'imagery.col.thumbnailShort' : 'imagery.col.thumbnail'),
      key: 'thumbnail',
      // Room for the English heading on one line ("Thumbnail" broke as "Thumbnai / l").
      width: compact ? 80 : 108,
      render: (_, slide) => (
        <SlideThumbnail slide={slide} onOpen={isViewable(slide) ? () => view(slide) : null} />
      ),
    },
    name: {
      title: t(compact ? 'imagery.col.nameDetails' : 'imagery.col.name'),
      dataIndex: 'strFileName',
      // Scanner names are long (S2026-01234_HE_1.svs): they wrap, and are cut in their middle,
      // the whole name on hover, only past their lines. Narrow, the column takes what the
      // thumbnail leaves (NAME_MIN_WIDTH at least, beside it on a 320 px phone).
      width: compact ? undefined : 240,
      render: (name: string, slide) => {
        const original = duplicates.get(slide.iSlideDocumentId);
        return (
          <Flex vertical gap={compact ? 4 : 0}>
            <SlideFileName name={name} lines={nameLines} strong />
            {/* Renamed since: the name it was uploaded under, as slide management says it. */}
            {slide.strOriginalName !== name && (
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12, overflowWrap: 'anywhere' }}
                data-testid={`imagery-original-${name}`}
              >
                {ts('fields.originalNameValue', { name: slide.strOriginalName })}
              </Typography.Text>
            )}
            {original && (
              <Typography.Text
                type="warning"
                style={{ fontSize: 12 }}
                ellipsis={{ tooltip: t('imagery.sameFileHint', { name: original }) }}
                data-testid={`imagery-same-${name}`}
              >
                {t('imagery.sameFile', { name: original })}
              </Typography.Text>
            )}
            {/* In a div: the tag keeps its own width instead of stretching across the cell. */}
            {compact && <div>{stateTag(slide)}</div>}
            {compact && <SlideFactLines slide={slide} facts={COMPACT_FACTS} testId="imagery" />}
            {compact && actions(slide)}
          </Flex>
        );
      },
    },
    size: {
      title: t('imagery.col.sizeFormat'),
      key: 'size',
      width: 120,
      render: (_, slide) => (
        <Flex vertical>
          <span>{formatBytes(slide.lSize)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatAndPower(slide)}
          </Typography.Text>
        </Flex>
      ),
    },
    pixels: {
      title: t('imagery.col.pixels'),
      key: 'pixels',
      width: 140,
      render: (_, slide) => <ImageFacts slide={slide} />,
    },
    state: {
      title: t('imagery.col.state'),
      key: 'state',
      width: 150,
      render: (_, slide) => stateTag(slide),
    },
    uploaded: {
      title: t('imagery.col.uploaded'),
      key: 'uploaded',
      width: 150,
      render: (_, slide) => (
        <Flex vertical>
          <span>{slideTime(slide.dtUploadTime)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {slide.strUploadUserName}
          </Typography.Text>
        </Flex>
      ),
    },
    actions: {
      title: t('imagery.col.actions'),
      key: 'actions',
      // Always in sight: on a laptop the table scrolls sideways, and "view" is why one is here.
      fixed: 'right',
      width: canChange ? 160 : 90,
      render: (_, slide) => actions(slide),
    },
  };
  const columns: TableColumnsType<SlideDocumentDto> = imageryColumns(compact).map(
    (key) => byKey[key],
  );

  const buttons = (
    <Flex gap="small" wrap>
      {canChange && (
        <>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            onClick={() => upload(UploadType.Batch)}
            data-testid="imagery-upload-batch"
          >
            {t('imagery.uploadBatch')}
          </Button>
          <Button
            icon={<UploadOutlined />}
            onClick={() => upload(UploadType.Single)}
            data-testid="imagery-upload-single"
          >
            {t('imagery.uploadSingle')}
          </Button>
        </>
      )}
      <Button
        icon={<ReloadOutlined />}
        // The case's slides and those waiting under its number.
        onClick={() => void queryClient.invalidateQueries({ queryKey: ['slides'] })}
        loading={slides.isFetching}
        data-testid="imagery-refresh"
      >
        {t('imagery.refresh')}
      </Button>
    </Flex>
  );

  return (
    <Card
      title={
        <Flex gap="small" align="baseline">
          {t('imagery.title')}
          {slides.data && (
            <Typography.Text type="secondary" data-testid="imagery-count">
              {/* Failed uploads are rows of the list but no slides to diagnose: said apart. */}
              {failedCount > 0
                ? t('imagery.countFailed', { count: list.length, failed: failedCount })
                : t('imagery.count', { count: list.length })}
            </Typography.Text>
          )}
        </Flex>
      }
      // On a phone the buttons go above the list: beside the title they squeezed it to nothing.
      extra={compact ? undefined : buttons}
      data-testid="case-imagery"
    >
      <Flex vertical gap="middle">
        {compact && buttons}
        {slidesLocked(patient, iUserId, iRoleType) && (
          <Alert type="info" showIcon title={t('imagery.locked')} data-testid="imagery-locked" />
        )}
        {canChange && slides.data && <WaitingSlidesNotice patient={patient} caseSlides={list} />}
        {canChange && (
          <QueuedSlidesNotice
            patientId={patient.iPatientId}
            onOpenQueue={() => upload(UploadType.Batch)}
          />
        )}
        {/* A refresh that failed behind a list already shown says so above it and keeps the
            rows: the doctor was looking at them (a blank tab read as "no slides"). */}
        {slides.isError && (
          <ListError
            title={t('imagery.loadError')}
            testId="imagery-error"
            onRetry={() => void slides.refetch()}
          />
        )}
        {slides.isError && !slides.data ? null : (
          <Table<SlideDocumentDto>
            rowKey="iSlideDocumentId"
            size="middle"
            columns={columns}
            dataSource={list}
            loading={slides.isPending}
            pagination={false}
            scroll={{ x: columnsWidth(columns) + (compact ? NAME_MIN_WIDTH : 0) }}
            onRow={(slide) =>
              ({ 'data-testid': `imagery-row-${slide.strFileName}` }) as HTMLAttributes<HTMLElement>
            }
            locale={{
              emptyText: (
                <Empty description={t('imagery.empty')} data-testid="case-imagery-empty" />
              ),
            }}
            data-testid="imagery-table"
          />
        )}
      </Flex>
    </Card>
  );
}
