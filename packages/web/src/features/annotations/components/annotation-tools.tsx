import {
  ArrowRightOutlined,
  BorderOutlined,
  CameraOutlined,
  ColumnWidthOutlined,
  EditOutlined,
  FontSizeOutlined,
  InfoCircleOutlined,
  ReloadOutlined,
  SelectOutlined,
} from '@ant-design/icons';
import { Alert, Button, Flex, Input, Modal, Segmented, Typography, theme } from 'antd';
import { ScreenReaderStatus } from '@/components/screen-reader-status';
import { HoverTooltip } from '@/components/hover-tooltip';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleType, screenshotMagnification } from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { isTyping } from '@/lib/is-typing';
import { serverText } from '@/lib/server-text';
import { modalAbove } from '@/lib/modal-above';
import { onSubmitKey } from '@/lib/submit-key';
import { toastError, toastSuccess, toastWarning } from '@/lib/toast';
import type { ApiError } from '@/lib/api-error';
import { showFailure } from '@/lib/form-errors';
import { TOUCH_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useElementWidth } from '@/lib/use-element-width';
import { useSession } from '@/lib/use-session';
import { useRepeatableStatus } from '@/lib/use-repeatable-status';
import {
  useAddAnnotation,
  useDeleteAnnotation,
  useRestoreAnnotation,
  useReshapeAnnotation,
  useSlideAnnotations,
  useUpdateAnnotation,
} from '../api/annotations';
import { withPoints } from '../utils/undo-changes';
import { pixelSizeOf } from '../utils/geometry';
import { useAnnotationUndo } from './use-annotation-undo';
import { useRevealAnnotation } from './use-reveal-annotation';
import { useCaseScreenshots, useSaveScreenshot } from '../api/screenshots';
import { useAnnotationOverlay } from '../overlay/use-annotation-overlay';
import { composeScreenshot, visibleRegion } from '../overlay/capture';
import type { FinishedShape } from '../overlay/draw-session';
import type { AnnotatableViewer } from '../overlay/viewer-surface';
import { AnnotationList } from './annotation-list';
import { useConfirmDeleteAnnotation } from './use-confirm-delete-annotation';
import { ScreenshotStrip } from './screenshot-strip';
import { initialAnnotationColor, rememberAnnotationColor } from '../utils/default-color';
import { layerShownWithTool, type Tool } from '../utils/layer-and-tool';
import { LayerHiddenNote } from './layer-hidden-note';
import { AnnotationColorPicker } from './annotation-color-picker';
import { EllipseOutlined, PolygonOutlined } from './shape-icons';
import { penStepText } from '../utils/pen-step-text';

const TOOLS: { tool: Tool; icon: ReactNode }[] = [
  { tool: 'select', icon: <SelectOutlined /> },
  { tool: 'line', icon: <ColumnWidthOutlined /> },
  { tool: 'rectangle', icon: <BorderOutlined /> },
  { tool: 'ellipse', icon: <EllipseOutlined /> },
  { tool: 'polygon', icon: <PolygonOutlined /> },
  { tool: 'freehand', icon: <EditOutlined /> },
  { tool: 'arrow', icon: <ArrowRightOutlined /> },
  { tool: 'text', icon: <FontSizeOutlined /> },
];

/**
 * Annotations and screenshots over a slide viewer (issue 6): the tool group, the SVG layer, the
 * list of the slide's annotations and the case's screenshot strip. `patientId` is the slide's case
 * (screenshots need one). `layerShown` is the viewer's eye: a hidden layer is not drawn on the
 * slide nor in screenshots, and the list still lists every annotation.
 */
export function AnnotationTools({
  viewer,
  patientId,
  layerShown,
  onLayerShown,
}: {
  viewer: AnnotatableViewer;
  patientId: number | null;
  layerShown: boolean;
  onLayerShown: (shown: boolean) => void;
}) {
  const { t } = useTranslation('annotations');
  const annotations = useSlideAnnotations(viewer.slideId);
  const shots = useCaseScreenshots(patientId);
  const add = useAddAnnotation();
  const reshape = useReshapeAnnotation(viewer.slideId);
  const remove = useDeleteAnnotation();
  const restore = useRestoreAnnotation();
  const update = useUpdateAnnotation();
  const save = useSaveScreenshot();
  const [tool, setTool] = useState<Tool>('select');
  // Hidden from the toolbar or the H key: the drawing tool is put down (layer-and-tool.ts).
  if (!layerShown && tool !== 'select') {
    setTool('select');
  }
  /** The keyboard pen's last step, for screen readers (a live region below). */
  const [penStatus, sayPen] = useRepeatableStatus();
  const pickTool = (next: Tool) => {
    setTool(next);
    // Whatever the pen said was of the tool before.
    sayPen('');
    if (layerShownWithTool(next, layerShown) !== layerShown) {
      onLayerShown(true);
    }
  };
  const { iUserId, iRoleType } = useSession();
  const [color, setColor] = useState(() =>
    initialAnnotationColor(iUserId, iRoleType, localStorage),
  );
  const [selected, setSelected] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const reveal = useRevealAnnotation(panel, toolbar, annotations.data?.listAnnotation);
  /** Picked on the slide or brought back by Ctrl+Z: selected, and its row of the list in sight. */
  const selectAndReveal = (id: number | null) => {
    setSelected(id);
    if (id !== null) {
      reveal(id);
    }
  };
  /** Corners of the polygon under way: its buttons wait for the first. */
  const [corners, setCorners] = useState(0);
  const [labelsLeftOut, setLabelsLeftOut] = useState(0);
  const [note, setNote] = useState<{ shape: FinishedShape; color: string; text: string } | null>(
    null,
  );
  const mayWrite = annotations.data?.bMayWrite ?? false;
  const undo = useAnnotationUndo({
    annotations: annotations.data?.listAnnotation,
    mayWrite,
    blocked: () =>
      add.isPending ||
      reshape.isPending ||
      remove.isPending ||
      update.isPending ||
      restore.isPending
        ? 'saving'
        : overlay.current?.busy
          ? 'drawing'
          : layerShown
            ? null
            : 'hidden',
    remove: remove.mutateAsync,
    reshape: reshape.mutateAsync,
    update: update.mutateAsync,
    restore: restore.mutateAsync,
    onUndone: selectAndReveal,
  });
  // What is drawn here can be taken back with Ctrl+Z once the server has it (each drawing: a
  // second one drawn before the first is saved must not take the first's place).
  const addShape = (input: Parameters<typeof add.mutate>[0]) =>
    add.mutateAsync(input).then(
      (saved) => undo.record({ kind: 'add', iAnnotationId: saved.iAnnotationId }),
      () => undefined,
    );
  const saveNote = () => {
    if (note) {
      addShape({
        iSlideDocumentId: viewer.slideId,
        strKind: 'text',
        strColor: note.color,
        strText: note.text,
        listPoint: note.shape.points,
      });
    }
    setNote(null);
  };
  const mpp = pixelSizeOf(viewer.slide);

  const touch = useMediaQuery(TOUCH_QUERY);
  const overlay = useAnnotationOverlay(viewer, annotations.data?.listAnnotation, layerShown, {
    onFinished: (shape, shapeColor) => {
      if (shape.kind === 'text') {
        setNote({ shape, color: shapeColor, text: '' });
        return;
      }
      addShape({
        iSlideDocumentId: viewer.slideId,
        strKind: shape.kind,
        strColor: shapeColor,
        listPoint: shape.points,
      });
    },
    onSelect: selectAndReveal,
    onTooFewCorners: () =>
      toastWarning(t(touch ? 'tools.polygonTooFewTouch' : 'tools.polygonTooFew')),
    onOffSlide: () => toastWarning(t('tools.offSlide')),
    // Said to a screen reader: what the keyboard's pen did, and what comes next.
    onPenStep: (step, count) => sayPen(penStepText(step, count, t)),
    onCorners: setCorners,
    onLabelsLeftOut: setLabelsLeftOut,
    onReshaped: (id, points) => {
      const shape = annotations.data?.listAnnotation.find((a) => a.iAnnotationId === id);
      if (shape) {
        const change = { kind: 'reshape' as const, iAnnotationId: id, before: shape.listPoint };
        undo.record(change);
        // Refused: nothing changed, so nothing to take back.
        reshape.mutateAsync(withPoints(shape, points)).catch(() => undo.forget(change));
      }
    },
  });
  // No drawing once changes are refused (the case returned meanwhile, seen at a refresh).
  useEffect(() => {
    if (!mayWrite) {
      setTool('select');
    }
  }, [mayWrite]);
  useEffect(() => overlay.current?.setTool(tool), [overlay, viewer, tool]);
  useEffect(() => overlay.current?.setColor(color), [overlay, viewer, color]);
  useEffect(() => overlay.current?.setSelected(selected), [overlay, viewer, selected]);

  // Delete (or Backspace) removes the selected shape when it is the caller's own, after the same
  // question as the list's button; Esc lets go of the selection. Not while typing somewhere.
  const confirmDelete = useConfirmDeleteAnnotation(undo.record);
  const selectedOne = annotations.data?.listAnnotation.find((a) => a.iAnnotationId === selected);
  const selectedMine = selectedOne?.bMine && mayWrite ? selectedOne : null;
  // One's own selected mark gets handles to reshape and move it.
  const editable = selectedMine?.iAnnotationId ?? null;
  // The colour of what is drawn next and, as in a drawing program, of one's own shape selected:
  // the swatch recoloured nothing on the slide and said so nowhere (the edit dialog did it).
  const pickColor = (picked: string) => {
    setColor(picked);
    rememberAnnotationColor(iUserId, picked, localStorage);
    if (!selectedMine || selectedMine.strColor.toLowerCase() === picked.toLowerCase()) {
      return;
    }
    const { iAnnotationId, strKind, strColor, strText, listPoint } = selectedMine;
    update
      .mutateAsync({
        iAnnotationId,
        strKind,
        strColor: picked,
        ...(strText ? { strText } : {}),
        listPoint,
      })
      .then(
        () => undo.record({ kind: 'edit', iAnnotationId, before: { strColor, strText } }),
        (error: ApiError) => showFailure(error, toastError, t('edit.saveFailed')),
      );
  };
  useEffect(() => overlay.current?.setEditable(editable), [overlay, viewer, editable]);
  useEffect(() => {
    if (selected === null) {
      return;
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target) || modalAbove()) {
        return;
      }
      if ((e.key === 'Delete' || e.key === 'Backspace') && selectedOne) {
        e.preventDefault();
        if (selectedMine) {
          confirmDelete(selectedMine);
        } else if (selectedOne.bMine) {
          // An expert who returned the case reads it and changes nothing on it.
          toastWarning(t('list.notHeld'));
        } else {
          // Say why nothing happens: another participant's mark is theirs to remove.
          toastWarning(t('list.notMine', { name: selectedOne.author.strRealName }));
        }
      } else if (e.key === 'Escape') {
        setSelected(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, selectedOne, selectedMine, confirmDelete, t]);

  const shotData = shots.data;
  const limitReached = !!shotData && shotData.iMineCount >= shotData.iLimit;
  const strip = useRef<HTMLDivElement>(null);
  const stripWidth = useElementWidth(strip);
  const { token } = theme.useToken();
  const takeScreenshot = async () => {
    const layer = overlay.current;
    if (!layer || patientId === null) {
      return;
    }
    // The capture waits for a zoom under way to end: the magnification and the region are read
    // after it, from the view the figure shows.
    const view = await viewer.captureView();
    const dMagnification = screenshotMagnification(viewer.magnification());
    // Other colours than the scan's are said under the figure (the picture shows them).
    const adjustments = viewer.adjustments();
    const box = viewer.element.getBoundingClientRect();
    // What the user sees: a hidden layer leaves a clean picture of the tissue.
    const strImage = await composeScreenshot(
      view,
      { width: viewer.element.clientWidth, height: viewer.element.clientHeight },
      layer.shown
        ? {
            draw: (scale, covered) => layer.captureLayer(scale, covered),
            marksIn: (area) => layer.marksIn(area),
          }
        : null,
      viewer.scaleStamp(),
    );
    const region = visibleRegion(
      { width: box.width, height: box.height },
      ([x, y]) => {
        const p = viewer.elementToImage({ x, y });
        return [p.x, p.y];
      },
      viewer.viewTurn(),
    );
    await save.mutateAsync({
      iSlideDocumentId: viewer.slideId,
      strImage,
      region,
      dMagnification,
      adjustments,
    });
    toastSuccess(t('screenshots.saved'));
    // The strip sits under the annotations: with a long list the new picture was out of sight.
    window.setTimeout(() =>
      strip.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  };

  return (
    <Flex
      ref={panel}
      vertical
      gap="small"
      data-testid="annotation-tools"
      // Whether a change is still being saved (Ctrl+Z waits for it meanwhile): tests wait on it.
      data-saving={add.isPending || reshape.isPending || remove.isPending || update.isPending}
    >
      <ScreenReaderStatus text={penStatus} testId="pen-status" />
      {annotations.data && !mayWrite && iRoleType === RoleType.Expert && (
        // An expert whose case went back (returned, referred on) reads it as they left it: the
        // tools were simply gone, with nothing saying why.
        <Alert
          type="info"
          showIcon
          title={serverText('CASE_NOT_HELD')}
          data-testid="annotation-case-not-held"
        />
      )}
      {mayWrite && (
        <Flex
          gap="small"
          wrap
          align="center"
          // Held at the top of the side panel while it scrolls: a screenshot scrolls the panel
          // to its picture, and the tools and the camera went out of sight with it.
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 1,
            paddingBlock: 4,
            background: token.colorBgContainer,
          }}
          ref={toolbar}
          // A tool or the camera picked with the mouse hands the keys back to the slide, as the
          // viewer's bar does: "+" or "0" after picking the rectangle did nothing until the
          // slide was clicked. After the click's own work (a tool's radio takes the focus last).
          // From the keyboard (no pointer: detail 0) the focus stays where the user put it.
          // The colour's button opens its panel, which takes the focus (aria-haspopup); that
          // panel's swatches are drawn elsewhere in the page (React still passes their clicks
          // here) and keep it.
          onClick={(event) => {
            const hit = (event.target as Element).closest('button, label');
            if (
              event.detail > 0 &&
              hit &&
              event.currentTarget.contains(hit) &&
              !hit.matches('[aria-haspopup]')
            ) {
              window.setTimeout(() => viewer.focusKeys());
            }
          }}
          data-testid="annotation-toolbar"
        >
          <Segmented<Tool>
            // antd names the group "segmented control" in English whatever the language.
            aria-label={t('tools.group')}
            value={tool}
            onChange={pickTool}
            size="small"
            options={TOOLS.map(({ tool: value, icon }) => ({
              value,
              title: t(`tools.${value}`),
              // A tooltip as on every other icon button (the bare title shows late, or not at all).
              label: (
                <HoverTooltip title={t(`tools.${value}`)} mouseEnterDelay={0.3}>
                  <span data-testid={`tool-${value}`} aria-label={t(`tools.${value}`)}>
                    {icon}
                  </span>
                </HoverTooltip>
              ),
            }))}
          />
          <HoverTooltip title={t(selectedMine ? 'tools.colorOfSelected' : 'tools.color')}>
            <AnnotationColorPicker value={color} onChange={pickColor} data-testid="tool-color" />
          </HoverTooltip>
          {patientId !== null && (
            <HoverTooltip
              title={
                limitReached
                  ? t('screenshots.limitReached', { max: shotData?.iLimit })
                  : // Said before it is taken: the picture is what the slide shows now.
                    t(layerShown ? 'screenshots.takeWithLayer' : 'screenshots.takeWithoutLayer')
              }
            >
              <Button
                icon={<CameraOutlined />}
                disabled={limitReached}
                loading={save.isPending}
                onClick={() => void takeScreenshot().catch(() => undefined)}
                data-testid="screenshot-take"
              >
                {t('screenshots.take')}
                {shotData && ` ${shotData.iMineCount}/${shotData.iLimit}`}
              </Button>
            </HoverTooltip>
          )}
        </Flex>
      )}
      {tool === 'polygon' && (
        <Flex gap={4} wrap align="center">
          {/* How a polygon is drawn is not obvious from its icon: a click per corner, not a drag. */}
          <Typography.Text type="secondary" data-testid="polygon-hint">
            {t(touch ? 'tools.polygonHintTouch' : 'tools.polygonHint')}
          </Typography.Text>
          {/* Enter, Backspace and Esc as buttons: a finger on a tablet has no keys, and a
              double tap placed a corner instead of closing the shape. */}
          {(
            [
              ['finish', 'polygonFinish', () => overlay.current?.finishPolygon()],
              ['undo-corner', 'polygonUndoCorner', () => overlay.current?.undoCorner()],
              ['cancel', 'polygonCancel', () => overlay.current?.cancelDrawing()],
            ] as const
          ).map(([id, label, act]) => (
            <Button
              key={id}
              size="small"
              // Nothing to finish, take back or drop before the first corner (they did nothing
              // and said nothing).
              disabled={corners === 0}
              onClick={act}
              data-testid={`polygon-${id}`}
            >
              {t(`tools.${label}`)}
            </Button>
          ))}
        </Flex>
      )}
      {tool === 'select' && editable !== null && layerShown && (
        <Typography.Text type="secondary" data-testid="handles-hint">
          {/* A tablet has neither Esc nor Ctrl+Z: the hint names no keys there. */}
          {t(touch ? 'tools.handlesHintTouch' : 'tools.handlesHint')}
        </Typography.Text>
      )}
      {!layerShown && <LayerHiddenNote onShow={() => onLayerShown(true)} />}
      {/* Labels that would cover one another are left out of the view (label-declutter.ts):
          said here, or a length missing from the slide would pass for one never measured. */}
      {layerShown && labelsLeftOut > 0 && (
        <Typography.Text type="secondary" data-testid="labels-left-out">
          <InfoCircleOutlined style={{ marginInlineEnd: 6 }} />
          {t(touch ? 'layer.labelsLeftOutTouch' : 'layer.labelsLeftOut', {
            count: labelsLeftOut,
          })}
        </Typography.Text>
      )}
      {!mpp && <Alert type="warning" showIcon title={t('tools.noMpp')} data-testid="no-mpp" />}
      {/* Not read: said so, with a retry. An empty list here would tell the pathologist that
          nobody marked the slide, and the missing tools would go unexplained. */}
      {annotations.isError && !annotations.data ? (
        <ListError
          title={t('list.loadError')}
          testId="annotations-load-error"
          onRetry={() => void annotations.refetch()}
        />
      ) : (
        <>
          {/* The list and the screenshots each under their name: without, the empty states
              ("No annotations on this slide") stood unlabelled under the tools. What the case's
              other participants drew or took since the list was read comes with Refresh (it is
              read again when the window comes back to the front, too). */}
          <Flex justify="space-between" align="center" gap="small">
            <PanelHeading testId="annotations-heading">
              {annotations.data
                ? t('list.titleCount', { count: annotations.data.listAnnotation.length })
                : t('list.title')}
            </PanelHeading>
            <Button
              size="small"
              type="link"
              icon={<ReloadOutlined />}
              loading={annotations.isFetching || shots.isFetching}
              onClick={() => {
                void annotations.refetch();
                if (patientId !== null) {
                  void shots.refetch();
                }
              }}
              data-testid="annotation-refresh"
            >
              {t('list.refresh')}
            </Button>
          </Flex>
          <AnnotationList
            annotations={annotations.data?.listAnnotation ?? []}
            mayWrite={mayWrite}
            mpp={mpp}
            selected={selected}
            record={undo.record}
            onGoTo={(a, box) => {
              setSelected(a.iAnnotationId);
              viewer.goToImageRect(box);
            }}
          />
        </>
      )}
      {/* Scrolled to under the tools held at the top, not beneath them. */}
      <div ref={strip} style={{ scrollMarginTop: 64 }}>
        {patientId !== null && (
          <PanelHeading testId="screenshots-heading">{t('screenshots.title')}</PanelHeading>
        )}
        {shots.isError && !shotData && (
          <ListError
            title={t('screenshots.loadError')}
            testId="screenshots-load-error"
            onRetry={() => void shots.refetch()}
          />
        )}
        {shotData && (
          <ScreenshotStrip
            shots={shotData.listScreenshot}
            width={stripCardWidth(stripWidth)}
            mayWrite={shotData.bMayWrite}
          />
        )}
      </div>
      <Modal
        open={note !== null}
        title={t('list.textPrompt')}
        onCancel={() => setNote(null)}
        okButtonProps={{ disabled: !note?.text.trim(), ...{ 'data-testid': 'note-ok' } }}
        onOk={saveNote}
        destroyOnHidden
      >
        <Input.TextArea
          autoFocus
          maxLength={500}
          value={note?.text ?? ''}
          onChange={(e) => setNote((n) => (n ? { ...n, text: e.target.value } : n))}
          onKeyDown={onSubmitKey(() => note?.text.trim() && saveNote())}
          data-testid="note-text"
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('list.textKeyboardHint')}
        </Typography.Text>
      </Modal>
    </Flex>
  );
}

/** The strip's gap between cards (antd's "middle" space, the strip's `gap="middle"`). */
const STRIP_GAP = 16;

/**
 * Cards that fill the panel two a row where it is a side column (a lone card of a fixed 120 px
 * stood in half of it, its file name broken over lines): at least 120 px, at most 200, so that a
 * wide panel below the slide holds more a row.
 */
function stripCardWidth(panelWidth: number): number {
  // The card is its picture plus a 1 px border each side.
  const half = Math.floor((panelWidth - STRIP_GAP) / 2) - 2;
  return Math.max(120, Math.min(200, half));
}

/** The name over one part of the viewer's side panel: a heading for screen readers too. */
function PanelHeading({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Typography.Title level={5} style={{ margin: '4px 0' }} data-testid={testId}>
      {children}
    </Typography.Title>
  );
}
