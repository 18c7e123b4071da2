import {
  EllipsisOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  ExpandOutlined,
  CompressOutlined,
  HomeOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SwapOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Flex, Popover, Select, Space, Tag } from 'antd';
import { HoverTooltip } from '@/components/hover-tooltip';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/icon-button';
import { ScreenReaderStatus } from '@/components/screen-reader-status';
import { useSettledValue } from '@/lib/use-settled-value';
import type { SlideViewer } from '../slide-viewer';
import { useCrowdedLine, wrapsPast } from '../use-crowded-line';
import { useDismiss } from '../use-dismiss';
import { useViewTick } from '../use-view-tick';
import {
  formatMagnification,
  formatZoomPercent,
  isDigitalZoom,
  magnificationSteps,
} from '../utils/magnification';
import { isNeutral } from '../utils/adjustments';
import { AdjustmentsButton } from './adjustments-button';
import { AssociatedImagesButton } from './associated-images-button';
import { KeyboardHelpButton, type ViewerKeys } from './keyboard-help-button';

/** A phone's bar: two lines of controls at most, the rest behind "More". */
const wrapsPastTwoLines = wrapsPast(2);

/** Above 0.5% off a step, the step's button is not shown as the current one. */
const STEP_TOLERANCE = 0.005;
/** The room a single pane's bar keeps for a turned slide's angle ("270°"). */
const ANGLE_WIDTH = 56;

/** Whether a press landed in a popover (or a dropdown) of the page: "More" and those it opens. */
const inAnyPopover = (target: Element) =>
  target.closest('.ant-popover, .ant-select-dropdown') !== null;

/**
 * The viewer's controls: whole slide, the magnification steps the scan allows with the current
 * magnification (steps and readout past the objective power are marked as digital zoom), quarter
 * turns, mirroring, the annotation layer's eye, adjustments, label and macro, full screen.
 */
export function ViewerToolbar({
  viewer,
  dziUrl,
  associated,
  fullScreen,
  onFullScreen,
  compact,
  oneLine,
  narrow,
  phone,
  layerShown,
  onLayerShown,
  keys,
  announce = true,
}: {
  viewer: SlideViewer;
  dziUrl: string;
  associated: readonly string[];
  fullScreen: boolean;
  onFullScreen: () => void;
  compact?: boolean;
  /** Keep the controls on one line (panes side by side). */
  oneLine?: boolean;
  /**
   * A narrow pane (three in a row): the magnification steps as a list instead of buttons. On one
   * line they also turn into a list whenever the buttons would not all fit.
   */
  narrow?: boolean;
  /** The phone's viewer (no keyboard). */
  phone?: boolean;
  /** Whether the annotations and measurements are drawn over the slide (and in screenshots). */
  layerShown: boolean;
  onLayerShown: (shown: boolean) => void;
  /** Which tools' keys the "?" list names (the single view's, a pane's ruler, none). */
  keys: ViewerKeys;
  /** Whether the magnification is read out to screen readers (only the pane in use of several). */
  announce?: boolean;
}) {
  const { t } = useTranslation('viewer');
  useViewTick(viewer);
  const magnification = viewer.isOpen ? viewer.magnification() : null;
  const objective = viewer.slide.objective;
  const steps = magnificationSteps(objective);
  const digital = magnification !== null && isDigitalZoom(magnification, objective);
  const activeStep =
    magnification === null
      ? null
      : (steps.find((m) => Math.abs(magnification / m - 1) < STEP_TOLERANCE) ?? null);
  // A phone's controls are touched, not clicked: not the side-by-side panes' small buttons.
  const size = compact && !phone ? 'small' : 'middle';
  const rotation = viewer.isOpen ? Math.round(viewer.shownRotation()) % 360 : 0;
  // Without an objective power (none recorded, none to be had from a pixel size) the zoom is
  // told against the scan's own pixels, rather than a dash that never changes.
  const imageZoom = viewer.isOpen ? viewer.imageZoom() : null;
  const relative = magnification === null && imageZoom !== null;
  const readout =
    magnification !== null
      ? formatMagnification(magnification)
      : imageZoom !== null
        ? formatZoomPercent(imageZoom)
        : t('noObjective');
  const beyondPixels = relative && imageZoom > 1 + STEP_TOLERANCE;
  // Read out where a zoom comes to rest (the readout changes at every frame of it), and nothing
  // before the slide is open, nor by a linked pane that zoomed along with the one in use.
  const announced = useSettledValue(
    viewer.isOpen && announce ? t('magnificationNow', { readout }) : '',
    600,
  );
  // A single desktop pane keeps the angle's room (its bar shares a wrapping line with the name);
  // panes side by side measure their bar instead, and a phone's bar wraps below its controls.
  const reserveAngle = !oneLine && !phone;
  const bar = useRef<HTMLDivElement>(null);
  // The full-screen button is a new one in each state: a keyboard user who pressed it keeps the
  // focus on its successor (it fell to the page's body).
  const fullScreenPressed = useRef(false);
  useEffect(() => {
    if (fullScreenPressed.current) {
      fullScreenPressed.current = false;
      bar.current?.querySelector<HTMLElement>('[data-testid="viewer-fullscreen"]')?.focus();
    }
  }, [fullScreen]);
  // The angle the bar is laid out for: once the bar is pressed, the one it had then, until the
  // pointer leaves. A turn that brings or takes the angle's button would swap the steps' buttons
  // and list (or fold the bar) under the pointer, and a second click on "rotate" would land on
  // another control; the bar is measured again once the pointer leaves it (until then the angle
  // may stand past its end, which scrolls).
  const [pointerCameAt, setPointerCameAt] = useState<number | null>(null);
  const laidOutFor = pointerCameAt ?? rotation;
  // What changes the bar's width besides its own: the angle's button and the number of steps
  // (the readout keeps one width, so zooming never swaps buttons and list).
  const crowded = useCrowdedLine(
    bar,
    `${laidOutFor !== 0 ? laidOutFor : ''}|${steps.length}`,
    Boolean(oneLine) && !narrow,
  );
  const stepsAsList = narrow || crowded;
  // Still too narrow with the list (three panes on a laptop): the turns, mirror, adjustments,
  // label and macro and key help go behind "More", so that none is lost off the bar's end.
  const foldedLine = useCrowdedLine(
    bar,
    `${laidOutFor !== 0 ? laidOutFor : ''}|${steps.length}|list`,
    Boolean(oneLine) && stepsAsList,
  );
  // A phone's bar wraps: where its controls would take a third line (a 320 px phone, where the
  // label and full screen went alone to it), the least used of them go behind "More" (below),
  // and the slide keeps that line.
  const foldedPhone = useCrowdedLine(
    bar,
    `${rotation !== 0 ? rotation : ''}|${steps.length}|phone`,
    Boolean(phone) && !oneLine,
    wrapsPastTwoLines,
  );
  const folded = foldedLine || foldedPhone;
  // Narrower still, folded (three panes on a tablet): the steps' list goes behind "More" too;
  // "−", "+" and the readout stay.
  const tight = useCrowdedLine(
    bar,
    `${laidOutFor !== 0 ? laidOutFor : ''}|${steps.length}|folded`,
    Boolean(oneLine) && folded,
  );
  // A narrow or crowded bar has no room for six buttons: the same steps in a list.
  const stepList = (inMore: boolean) =>
    steps.length > 0 && (
      <Select<number>
        size={size}
        value={activeStep ?? undefined}
        // Between steps: a word short enough for the box ("Zoom to" was cut to "Zoo…").
        placeholder={t('magnificationPickShort')}
        onChange={(m) => viewer.zoomToMagnification(m)}
        // The list says which steps are digital zoom (read out too); the narrow box shows the
        // step alone, as the readout beside it marks digital zoom ("40× · digital" was cut).
        options={steps.map((m) => ({
          value: m,
          label: isDigitalZoom(m, objective) ? `${m}× · ${t('digitalZoomShort')}` : `${m}×`,
        }))}
        labelRender={({ value }) => `${String(value)}×`}
        popupMatchSelectWidth={false}
        // Inside "More" its list opens within the popover: a click on a step is not outside it.
        getPopupContainer={
          inMore ? (node: HTMLElement) => node.parentElement ?? document.body : undefined
        }
        style={{ width: 96 }}
        aria-label={t('magnificationPick')}
        data-testid="viewer-mag-select"
      />
    );
  const [moreOpen, setMoreOpen] = useState(false);
  // A "?" pressed while the key help is behind "More" opens "More" with the help in it.
  const [helpInMore, setHelpInMore] = useState(false);
  const openMore = (open: boolean) => {
    setMoreOpen(open);
    if (!open) {
      setHelpInMore(false);
    }
  };
  const closeMore = useCallback(() => {
    setMoreOpen(false);
    setHelpInMore(false);
  }, []);
  const moreContent = useRef<HTMLDivElement>(null);
  const moreButton = useRef<HTMLSpanElement>(null);
  // A tap on the slide (which the popover never sees) closes "More": on a tablet it stayed open
  // over the next pane's bar. Presses in the popovers it opens in turn (adjustments, label and
  // macro) are its own, and Escape closes those first (it stays, as it did).
  useDismiss(folded && moreOpen, closeMore, moreContent, moreButton, {
    alsoInside: inAnyPopover,
    escape: false,
  });
  useEffect(() => {
    if (!folded || phone) {
      return undefined;
    }
    return viewer.onHelpKey(() => {
      setHelpInMore(true);
      setMoreOpen(true);
    });
  }, [viewer, folded, phone]);
  // Turns, mirror, adjustments, label and macro, key help: used less than the zoom. Drawn in
  // the bar, or in "More" when folded; only the form in view answers the "?" key.
  // A phone folds only what is used least (mirror, adjustments, label and macro): the turn and
  // the layer's eye stay in its bar.
  const phoneFold = foldedPhone && !foldedLine;
  const changedBehindMore =
    viewer.isOpen &&
    (viewer.flipped() || !isNeutral(viewer.getAdjustments()) || (!phoneFold && !layerShown));
  const secondary = (inMore: boolean, which: 'all' | 'main' | 'lesser') => (
    <>
      {which !== 'lesser' && mainSecondary}
      {which !== 'main' && lesserSecondary(inMore)}
    </>
  );
  const mainSecondary = (
    <>
      {/* A phone turns one way only: with both turns full screen went alone to a third line,
          and three quarter turns clockwise (or the angle's button) do what the other did. */}
      {!phone && (
        <IconButton
          size={size}
          icon={<RotateLeftOutlined />}
          onClick={() => viewer.rotateBy(-1)}
          title={t('rotateLeft')}
          testId="viewer-rotate-left"
        />
      )}
      <IconButton
        size={size}
        icon={<RotateRightOutlined />}
        onClick={() => viewer.rotateBy(1)}
        title={t('rotateRight')}
        testId="viewer-rotate-right"
      />
      {/* Marked while hidden, as the mirror is while on: the slide then shows less than it has. */}
      <IconButton
        size={size}
        icon={layerShown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        type={layerShown ? 'default' : 'primary'}
        onClick={() => onLayerShown(!layerShown)}
        title={layerShown ? t('layer.hide') : t('layer.show')}
        tooltip={layerShown ? t('layer.hideHint') : t('layer.showHint')}
        testId="viewer-layer"
      />
    </>
  );
  const lesserSecondary = (inMore: boolean) => (
    <>
      <IconButton
        size={size}
        icon={<SwapOutlined />}
        type={viewer.isOpen && viewer.flipped() ? 'primary' : 'default'}
        // On or off told to screen readers too, not by the colour alone.
        aria-pressed={viewer.isOpen && viewer.flipped()}
        onClick={() => viewer.toggleFlip()}
        title={t('flip')}
        testId="viewer-flip"
      />
      <AdjustmentsButton viewer={viewer} size={size} />
      <AssociatedImagesButton dziUrl={dziUrl} names={associated} size={size} phone={phone} />
      {/* Not on a phone: it has no keyboard. */}
      {!phone && (
        <KeyboardHelpButton
          size={size}
          viewer={viewer}
          listening={inMore ? folded : !folded}
          initiallyOpen={inMore && helpInMore}
          tools={keys}
        />
      )}
    </>
  );
  return (
    // Panes side by side: one line each (scrolling sideways when narrow), so that every pane's
    // image starts at the same height.
    // Closer together on one line; where the steps' buttons still do not fit (a turned slide's
    // angle among the controls, longer words, other fonts) they become a list (useCrowdedLine).
    <Flex
      ref={bar}
      gap={oneLine ? 3 : 6}
      wrap={!oneLine}
      align="center"
      className={oneLine ? 'viewer-toolbar-line' : undefined}
      // From a press, not from the pointer's arrival: a page still laying itself out slides the
      // bar under a resting pointer, which froze it before the slide's saved turn was known.
      onPointerDown={
        oneLine ? () => setPointerCameAt((held) => (held === null ? rotation : held)) : undefined
      }
      onPointerLeave={oneLine ? () => setPointerCameAt(null) : undefined}
      onMouseDown={keepFocusOnMouseDown}
      data-testid="viewer-toolbar"
    >
      <IconButton
        size={size}
        icon={<HomeOutlined />}
        onClick={() => viewer.goHome()}
        title={t('home')}
        testId="viewer-home"
      />
      {stepsAsList && !tight && stepList(false)}
      {steps.length > 0 && !stepsAsList && (
        <Space.Compact size={size}>
          {steps.map((m) => {
            const button = (
              <Button
                key={m}
                type={m === activeStep ? 'primary' : 'default'}
                // The magnification shown is told to screen readers, not only by colour.
                aria-pressed={m === activeStep}
                onClick={() => viewer.zoomToMagnification(m)}
                // Touch-sized on a phone yet beside Home on one line (a 390 px screen). Side by
                // side, a little tighter: two panes of a 1440 px laptop keep the buttons with the
                // layer's eye in the bar too.
                style={phone ? { paddingInline: 9 } : oneLine ? { paddingInline: 5 } : undefined}
                data-testid={`viewer-mag-${m}`}
              >
                {m}×
              </Button>
            );
            // Past the objective power the scan has no more detail: say so where it is chosen.
            // On hover only: tapped on a phone, it stood over the bar's next controls (the
            // readout's warning colour still marks digital zoom there).
            return isDigitalZoom(m, objective) ? (
              <HoverTooltip key={m} title={t('digitalZoom', { objective })}>
                {button}
              </HoverTooltip>
            ) : (
              button
            );
          })}
        </Space.Compact>
      )}
      {/* One step down and up, beside the readout: the same steps as "−" and "+" on the slide,
          for those who do not know the keys or have no wheel. Kept together where the bar wraps
          (on a phone "+" went alone to the next line); in a one-line bar, which never wraps,
          they are the bar's own items (app.css), measured as before. */}
      <Flex
        gap={6}
        align="center"
        className="viewer-toolbar-inline"
        style={oneLine ? { display: 'contents' } : undefined}
        data-testid="viewer-zoom-group"
      >
        <IconButton
          size={size}
          icon={<ZoomOutOutlined />}
          disabled={!viewer.canStepZoom(-1)}
          onClick={() => viewer.stepZoom(-1)}
          title={t('zoomOut')}
          testId="viewer-zoom-out"
        />
        {/* Not on a touch screen: tapped, it stood over the next controls and took their taps. */}
        <HoverTooltip
          title={
            digital
              ? t('digitalZoom', { objective })
              : relative
                ? t(beyondPixels ? 'zoomRelativeDigital' : 'zoomRelative')
                : viewer.slide.objectiveEstimated
                  ? t('magnificationEstimated', { objective, mpp: viewer.slide.mpp?.toFixed(3) })
                  : t('magnification')
          }
        >
          <Tag
            color={digital || beyondPixels ? 'warning' : undefined}
            data-testid="viewer-magnification"
            style={{ width: 52, textAlign: 'center' }}
          >
            {readout}
          </Tag>
        </HoverTooltip>
        <ScreenReaderStatus text={announced} testId="viewer-magnification-status" />
        <IconButton
          size={size}
          icon={<ZoomInOutlined />}
          disabled={!viewer.canStepZoom(1)}
          onClick={() => viewer.stepZoom(1)}
          title={t('zoomIn')}
          testId="viewer-zoom-in"
        />
      </Flex>
      {/* The turn and the layer's eye: before "More", which a phone's bar folds the rest into. */}
      <span
        className="viewer-toolbar-inline"
        style={{ display: folded && !phoneFold ? 'none' : 'contents' }}
      >
        {secondary(false, 'main')}
      </span>
      {/* Both forms stay mounted, the one not in use hidden: the bar measures its full form
          again whenever a turn changes its width, and a popover taken down while open left
          its panel standing. */}
      <Popover
        trigger="click"
        open={folded && moreOpen}
        onOpenChange={openMore}
        destroyOnHidden
        placement="bottomRight"
        // Inside the pane, not the bar (which scrolls and would clip it).
        getPopupContainer={(node) =>
          node.closest<HTMLElement>('[data-viewer-pane]') ?? document.body
        }
        content={
          <Flex ref={moreContent} gap={3} align="center" data-testid="viewer-more-controls">
            {tight && stepList(true)}
            {secondary(true, phoneFold ? 'lesser' : 'all')}
          </Flex>
        }
      >
        {/* A plain element for the popover to hold: a click on it then closes what it opened. */}
        <span ref={moreButton} style={{ display: folded ? 'inline-flex' : 'none' }}>
          <IconButton
            size={size}
            icon={<EllipsisOutlined />}
            // Marked, as the controls it holds are, while one of them changes what the slide
            // shows: a mirrored, recoloured or unannotated view is not the plain slide.
            type={changedBehindMore ? 'primary' : 'default'}
            title={t(changedBehindMore ? 'moreControlsChanged' : 'moreControls')}
            aria-expanded={folded && moreOpen}
            testId="viewer-more"
          />
        </span>
      </Popover>
      <span className="viewer-toolbar-inline" style={{ display: folded ? 'none' : 'contents' }}>
        {secondary(false, 'lesser')}
      </span>
      <IconButton
        // A new button (and tooltip) for each state: the pane's layout changes under the pointer
        // when full screen starts or ends, and the tooltip left standing named the other state
        // beside the next control's.
        key={fullScreen ? 'leave' : 'enter'}
        size={size}
        icon={fullScreen ? <CompressOutlined /> : <ExpandOutlined />}
        onClick={(event) => {
          fullScreenPressed.current = document.activeElement === event.currentTarget;
          onFullScreen();
        }}
        title={fullScreen ? t('exitFullScreen') : t('fullScreen')}
        testId="viewer-fullscreen"
      />
      {/* A turned view says so (it is remembered with the slide), in the bar even when the
          turns are behind "More": one click sets it straight. Last in the bar, so that nothing
          moves when it comes or goes (before the turns it pushed them from under the pointer,
          and a second click on "rotate" landed on it and set the slide straight); a single
          pane keeps its room, since a wider bar went under the slide's name and moved every
          control. */}
      <span
        style={{ display: 'inline-flex', minWidth: reserveAngle ? ANGLE_WIDTH : undefined }}
        data-testid="viewer-rotation-slot"
      >
        {rotation !== 0 && (
          <HoverTooltip title={t('rotationReset')}>
            <Button
              size={size}
              type="dashed"
              onClick={() => viewer.setRotation(0)}
              aria-label={`${rotation}° · ${t('rotationReset')}`}
              style={reserveAngle ? { minWidth: ANGLE_WIDTH, paddingInline: 8 } : undefined}
              data-testid="viewer-rotation"
            >
              {rotation}°
            </Button>
          </HoverTooltip>
        )}
      </span>
    </Flex>
  );
}

/**
 * A button of the bar that acts on the view, pressed with the mouse, leaves the focus where it
 * was (on the slide): "+" after "Whole slide" or "10×" zooms, as it does in other viewers, where
 * the button took the keys and they did nothing. Tab and Enter still focus and press the
 * buttons. A button that opens a panel or a menu (`aria-haspopup`, `aria-expanded`) takes the
 * focus as before: its panel's first control takes it from there (use-dismiss.ts). Fields, and
 * the controls of popovers (rendered elsewhere in the page, outside the bar), are left alone.
 */
function keepFocusOnMouseDown(event: React.MouseEvent<HTMLElement>) {
  const target = event.target as Element;
  const button = target.closest('button');
  if (
    button &&
    event.currentTarget.contains(button) &&
    !button.hasAttribute('aria-haspopup') &&
    !button.hasAttribute('aria-expanded')
  ) {
    event.preventDefault();
  }
}
