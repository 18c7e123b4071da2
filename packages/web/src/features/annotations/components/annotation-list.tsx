import { AimOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Empty, Flex, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationDto } from '@pathconsult/shared';
import { IconButton } from '@/components/icon-button';
import { boxOf, measurementText, type PixelSize } from '../utils/geometry';
import { NamedMeasurement } from './named-measurement';
import { AnnotationEditDialog } from './annotation-edit-dialog';
import type { RecordChange } from '../utils/undo-changes';
import { useConfirmDeleteAnnotation } from './use-confirm-delete-annotation';

/**
 * The slide's annotations beside the viewer: kind, author, label and measurement; a click (or
 * Enter on the focused row) goes there; the caller's own are deleted after a confirmation.
 */
export function AnnotationList({
  annotations,
  mpp,
  selected,
  mayWrite,
  onGoTo,
  record,
}: {
  annotations: readonly AnnotationDto[];
  mpp: PixelSize;
  selected: number | null;
  /** Whether the caller may change annotations (bMayWrite; not an expert who returned the case). */
  mayWrite: boolean;
  onGoTo: (a: AnnotationDto, box: { x: number; y: number; width: number; height: number }) => void;
  /** Records an edit or a deletion for Ctrl+Z. */
  record: RecordChange;
}) {
  const { t } = useTranslation('annotations');
  const confirmDelete = useConfirmDeleteAnnotation(record);
  const [editing, setEditing] = useState<AnnotationDto | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  if (annotations.length === 0) {
    return <Empty description={t('list.empty')} data-testid="annotation-list-empty" />;
  }
  const goTo = (a: AnnotationDto) => {
    const xs = a.listPoint.map((p) => p[0]);
    const ys = a.listPoint.map((p) => p[1]);
    const box = boxOf([Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]);
    onGoTo(a, box);
  };
  return (
    <>
      <List
        size="small"
        data-testid="annotation-list"
        dataSource={[...annotations]}
        renderItem={(a) => {
          const measured = measurementText(a.strKind, a.listPoint, mpp);
          return (
            <List.Item
              key={a.iAnnotationId}
              tabIndex={0}
              aria-selected={a.iAnnotationId === selected}
              style={{
                cursor: 'pointer',
                background: a.iAnnotationId === selected ? '#e6f4ff' : undefined,
              }}
              onClick={() => goTo(a)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  goTo(a);
                }
              }}
              data-testid={`annotation-item-${a.iAnnotationId}`}
            >
              {/* Kind, author and the buttons on one line; the note or measurement below at the
                panel's full width (beside an avatar and two buttons a note got six characters a
                line). */}
              <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                <Flex align="center" gap={6}>
                  <Tag color={a.strColor} style={{ marginInlineEnd: 0 }}>
                    {t(`kinds.${a.strKind}`)}
                  </Tag>
                  <Typography.Text type="secondary" ellipsis style={{ flex: 1, fontSize: 12 }}>
                    {a.author.strRealName}
                  </Typography.Text>
                  {/* The row itself goes there too: this shows that it does. */}
                  <IconButton
                    type="text"
                    size="small"
                    icon={<AimOutlined />}
                    title={t('list.goTo')}
                  />
                  {a.bMine && mayWrite && (
                    <IconButton
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      title={t('list.edit')}
                      testId={`annotation-edit-${a.iAnnotationId}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing(a);
                        setEditOpen(true);
                      }}
                    />
                  )}
                  {a.bMine && mayWrite && (
                    <IconButton
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      title={t('list.delete')}
                      testId={`annotation-delete-${a.iAnnotationId}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        confirmDelete(a);
                      }}
                    />
                  )}
                </Flex>
                {/* A note gets two lines, the rest on hover. */}
                {a.strText && (
                  <Typography.Paragraph
                    ellipsis={{ rows: 2, tooltip: a.strText }}
                    style={{ margin: 0 }}
                  >
                    {a.strText}
                  </Typography.Paragraph>
                )}
                {/* The measurement whole, its parts kept whole ("0.0342 / mm²" must not lose its
                    unit), as prominent under a note as without one: a labelled outline is
                    measured to be reported. An arrow without a note: its tag says all there is. */}
                {measured && (
                  <Typography.Text strong>
                    <NamedMeasurement kind={a.strKind} points={a.listPoint} mpp={mpp} />
                  </Typography.Text>
                )}
              </Flex>
            </List.Item>
          );
        }}
      />
      <AnnotationEditDialog
        // A fresh form per annotation: one opened while the last still closes must not keep
        // the last one's values (its form reads them when it mounts).
        key={editing?.iAnnotationId ?? 0}
        open={editOpen}
        annotation={editing}
        onClose={() => setEditOpen(false)}
        record={record}
      />
    </>
  );
}
