import { AimOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, List, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnotationDto } from '@pathconsult/shared';
import { boxOf, measurementText } from '../utils/geometry';
import { useConfirmDeleteAnnotation } from './use-confirm-delete-annotation';

/**
 * The slide's annotations beside the viewer: kind, author, label and measurement; a click (or
 * Enter on the focused row) goes there; the caller's own are deleted after a confirmation.
 */
export function AnnotationList({
  annotations,
  mpp,
  selected,
  onGoTo,
}: {
  annotations: readonly AnnotationDto[];
  mpp: number | null;
  selected: number | null;
  onGoTo: (a: AnnotationDto, box: { x: number; y: number; width: number; height: number }) => void;
}) {
  const { t } = useTranslation('annotations');
  const confirmDelete = useConfirmDeleteAnnotation();
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
            actions={[
              <Tooltip key="go" title={t('list.goTo')}>
                <Button type="text" icon={<AimOutlined />} aria-label={t('list.goTo')} />
              </Tooltip>,
              ...(a.bMine
                ? [
                    <Tooltip key="delete" title={t('list.delete')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('list.delete')}
                        data-testid={`annotation-delete-${a.iAnnotationId}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          confirmDelete(a);
                        }}
                      />
                    </Tooltip>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={<Tag color={a.strColor}>{t(`kinds.${a.strKind}`)}</Tag>}
              title={
                // A note gets two lines, the rest on hover; a measurement is short and shown whole
                // on one line (cut or wrapped, "0.0342 / mm²" lost its unit).
                a.strText ? (
                  <Typography.Paragraph
                    ellipsis={{ rows: 2, tooltip: a.strText }}
                    style={{ margin: 0 }}
                  >
                    {a.strText}
                  </Typography.Paragraph>
                ) : (
                  <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                    {measured || t(`kinds.${a.strKind}`)}
                  </Typography.Text>
                )
              }
              description={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[a.author.strRealName, a.strText ? measured : null].filter(Boolean).join(' · ')}
                </Typography.Text>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
