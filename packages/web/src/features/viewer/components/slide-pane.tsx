import { CloseOutlined, ExpandAltOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideInfoDto } from '@pathconsult/shared';
import { ExceptionResult } from '@/components/exception-result';
import { useSlideAnnotations } from '@/features/annotations/api/annotations';
import { AnnotationLayer } from '@/features/annotations/components/annotation-layer';
import { AnnotationTools } from '@/features/annotations/components/annotation-tools';
import { VIEW_BACKGROUND } from '@/features/annotations/overlay/capture';
import { annotatableViewer } from '@/features/annotations/overlay/slide-viewer-adapter';
import { ListError } from '@/app/routes/list-error';
import { ApiError } from '@/lib/api-error';
import { currentLang } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-message';
import { useMediaQuery } from '@/lib/use-media-query';
import { OneLineSlideName } from '@/features/slides/components/one-line-slide-name';
import { isGoneAnswer, saveLastView, useSlideInfoToOpen } from '../api/slide-info';
import { SlideViewer } from '../slide-viewer';
import { useLayerShown } from '../use-layer-shown';
import { caseOfSlideText } from '../utils/case-of-slide';
import { viewingObjective } from '../utils/magnification';
import { throttledRenewal } from '../utils/throttled-renewal';
import type { ViewLink } from '../view-link';
import { LinkLostNote } from './link-lost-note';
import { ResumedViewNote } from './resumed-view-note';
import { ScaleBarOverlay } from './scale-bar-overlay';
import { NavigatorToggle } from './navigator-toggle';
import { PaneNameAction } from './pane-name-action';
import { PaneRulerButton } from './pane-ruler-button';
import { isUnviewable, SlideUnviewable } from './slide-unviewable';
import { ViewerToolbar } from './viewer-toolbar';
import { usePaneInUse } from '../use-pane-in-use';
import { usePaneRuler } from '../use-pane-ruler';
import { useViewerLead } from '../viewer-lead';
import { useGoBack } from '@/lib/use-go-back';

/** How often a pane whose tiles failed asks again whether the server answers. */
const UNREACHABLE_PROBE_MS = 3_000;

/** No answer, or a proxy's for a server that is down: nothing was said about the slide. */
function isUnreachable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.httpStatus === 0 || error.httpStatus >= 502;
}

/** The navigator's share of a compact pane (side by side, phone); a single pane's is 0.2. */
const COMPACT_NAVIGATOR_RATIO = 0.14;
const SINGLE_NAVIGATOR_RATIO = 0.2;
/**
 * A screen held upright and narrower than a laptop's (a tablet, a half screen): the side panel
 * goes under the slide. Beside it, the panel's 320 px left the slide a third of the screen's
 * width (380 of a 820 px tablet) and the panel stood mostly empty down its full height.
 */
const PANEL_BELOW_QUERY = '(orientation: portrait) and (max-width: 1199px)';

/**
 * One slide in the viewer: its toolbar, the OpenSeadragon view with the scale bar and the
 * annotation layer, and (unless compact) the side panel with annotations, measurements and the
 * case's screenshots. Opens where the user left the slide; remembers the view when it closes.
 */
export function SlidePane({
  slideId,
  link,
  compact,
  sideBySide,
  narrow,
  phone,
  showCase,
  onViewAlone,
  onClose,
  first,
}: {
  slideId: number;
  link?: ViewLink;
  compact?: boolean;
  /** One of several panes in a row: their images must start level. */
  sideBySide?: boolean;
  /** A narrow pane (three in a row): fewer, smaller controls. */
  narrow?: boolean;
  /** On the phone's viewer. */
  phone?: boolean;
  /**
   * Name the slide's case under its name: as a warning when slides of several cases are shown
   * together, plainly on a phone's single slide (the computer's page says it above the pane).
   */
  showCase?: 'warning' | 'plain';
  /** Side by side: shows this slide alone, in the single-slide view with its tools. */
  onViewAlone?: () => void;
  /** Side by side: takes this slide out, the others staying as they are. */
  onClose?: () => void;
  /** The pane that shows the page's lead control (viewer-lead.tsx): a single slide's. */
  first?: boolean;
}) {
  const { t } = useTranslation('viewer');
  const goBack = useGoBack();
  const { info, waiting } = useSlideInfoToOpen(slideId);
  if (info.isPending || waiting) {
    return (
      <Flex justify="center" align="center" style={{ flex: 1 }}>
        <Spin />
      </Flex>
    );
  }
  // A failed background refetch (a token renewal while the link is down) keeps the open viewer:
  // only a slide that could not be read at all is shown as an error, or one found gone since it
  // opened (deleted, its case withdrawn: a 404 asked again after a change refused as missing).
  const gone = isGoneAnswer(info.error);
  if (!info.data || gone) {
    // Back where it was opened from; home when opened from a link. Beside other slides, this
    // one is taken out instead: the others stay.
    const back = onClose ? (
      <Button type="primary" key="close" onClick={onClose} data-testid="viewer-close-failed">
        {t('closePane')}
      </Button>
    ) : (
      <Button type="primary" key="back" onClick={goBack}>
        {t('back')}
      </Button>
    );
    // A slide that is gone (or never was this user's to see) will not come back with a retry.
    if (info.error instanceof ApiError && info.error.httpStatus === 404) {
      return (
        <ExceptionResult
          status="404"
          title={t('notFound')}
          subTitle={t('notFoundHint')}
          extra={back}
          style={{ flex: 1 }}
          data-testid="viewer-not-found"
        />
      );
    }
    if (info.error instanceof ApiError && isUnviewable(info.error)) {
      return (
        <SlideUnviewable
          error={info.error}
          back={back}
          onRetry={() => void info.refetch()}
          phone={phone}
        />
      );
    }
    const message =
      info.error instanceof ApiError ? serverErrorText(info.error, currentLang()) : t('loadError');
    return (
      <div style={{ padding: 16 }}>
        <ListError title={message} testId="viewer-load-error" onRetry={() => void info.refetch()} />
      </div>
    );
  }
  return (
    <OpenSlidePane
      info={info.data}
      // Refused when the facts could not be fetched again: the query keeps the old ones (and
      // their token) then, which would pass for a fresh answer.
      refresh={async () => {
        const result = await info.refetch();
        if (result.isError) {
          throw result.error;
        }
        return result.data;
      }}
      link={link}
      compact={compact}
      sideBySide={sideBySide}
      narrow={narrow}
      phone={phone}
      showCase={showCase}
      onViewAlone={onViewAlone}
      onClose={onClose}
      first={first}
    />
  );
}

function OpenSlidePane({
  info,
  refresh,
  link,
  compact,
  sideBySide,
  narrow,
  phone,
  showCase,
  onViewAlone,
  onClose,
  first = false,
}: {
  info: SlideInfoDto;
  /** Fetches the slide's facts again, with a fresh tile token. */
  refresh: () => Promise<SlideInfoDto | undefined>;
  link?: ViewLink;
  compact?: boolean;
  sideBySide?: boolean;
  narrow?: boolean;
  phone?: boolean;
  showCase?: 'warning' | 'plain';
  onViewAlone?: () => void;
  onClose?: () => void;
  first?: boolean;
}) {
  const { t } = useTranslation('viewer');
  const slide = info.objSlide;
  // The phone page's Back, on the name's line (viewer-lead.tsx).
  const lead = useViewerLead(first);
  const pane = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<SlideViewer | null>(null);
  const [failed, setFailed] = useState(false);
  const [linkLost, setLinkLost] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  // Read once, when the viewer is made: a renewed token must not rebuild it.
  const opening = useRef(info);
  // Reopened at the user's last place rather than whole: the view says so (ResumedViewNote).
  const resumed = Boolean(opening.current.objLastView && !opening.current.objLastView.bWholeSlide);
  const refreshNow = useRef(refresh);
  refreshNow.current = refresh;
  const navigatorRatio = compact ? COMPACT_NAVIGATOR_RATIO : SINGLE_NAVIGATOR_RATIO;
  const firstNavigatorRatio = useRef(navigatorRatio);

  // Labels keep off the "connection lost" note while it is there (ViewNote).
  useEffect(() => viewer?.coversChanged(), [viewer, linkLost]);

  const canvasLabel = t('canvasLabel', { name: slide.strFileName });
  useEffect(() => viewer?.setLabel(canvasLabel), [viewer, canvasLabel]);

  // A pane that turns compact (a second slide opened beside it) gets the navigator a pane opened
  // beside it has. Before the pane's new size is drawn: the navigator is sized on that change.
  useLayoutEffect(() => {
    viewer?.setNavigatorRatio(navigatorRatio);
  }, [viewer, navigatorRatio]);

  useEffect(() => {
    const element = view.current;
    if (!element) {
      return;
    }
    const first = opening.current;
    const s = first.objSlide;
    const mpp = s.dMppX ?? null;
    const recorded = s.dObjectiveMagnification && s.dObjectiveMagnification > 0;
    // Without a recorded objective power (generic TIFF, DICOM), the one its pixel size implies:
    // a pathologist still moves between 10×, 20× and 40×. The server flags screenshots by it too.
    const objective = viewingObjective(s.dObjectiveMagnification ?? null, mpp);
    const created = new SlideViewer(
      element,
      {
        id: s.iSlideDocumentId,
        width: s.iWidth ?? 0,
        height: s.iHeight ?? 0,
        mpp,
        mppY: s.dMppY ?? null,
        objective,
        objectiveEstimated: !recorded && objective !== null,
      },
      {
        dziUrl: first.objToken.strDziUrl,
        deepZoom: first.objDeepZoom,
        initialView: first.objLastView,
        // In a small pane the default navigator covers too much of the slide.
        navigatorSizeRatio: firstNavigatorRatio.current,
        onOpenFailed: () => setFailed(true),
        onTilesFailed: () => renewal.request(),
      },
    );
    // Tiles that failed ask for a fresh token, at most once in a while: a whole view of tiles
    // failing together is one renewal, and a link that is down is not asked every second.
    const renewal = throttledRenewal(async () => {
      let fresh: SlideInfoDto | undefined;
      try {
        fresh = await refreshNow.current();
        setLinkLost(false);
      } catch (error) {
        // An answer of any kind (a refusal, an error) means the server is there again.
        setLinkLost(isUnreachable(error));
        if (isUnreachable(error)) {
          // Said over the slide: a blurred view with no word looked like a slow scan.
          // The link is down or the server restarting: the failed tiles wait for it to answer
          // (asked every few seconds), instead of being tried into the dark and given up, which
          // left the view blurred until the user moved it.
          renewal.retryIn(UNREACHABLE_PROBE_MS);
          return;
        }
      }
      if (fresh) {
        created.setTileBase(fresh.objToken.strDziUrl);
      }
      created.retryFailedTiles();
    });
    setViewer(created);
    const remember = () => {
      if (created.isOpen) {
        saveLastView({ iSlideDocumentId: s.iSlideDocumentId, objView: created.getView() });
      }
    };
    // Also each time the page is hidden (another tab or app): a phone or tablet may discard a
    // page in the background without a pagehide, and the place a pathologist left was lost.
    const rememberWhenHidden = () => {
      if (document.visibilityState === 'hidden') {
        remember();
      }
    };
    window.addEventListener('pagehide', remember);
    document.addEventListener('visibilitychange', rememberWhenHidden);
    return () => {
      window.removeEventListener('pagehide', remember);
      document.removeEventListener('visibilitychange', rememberWhenHidden);
      remember();
      renewal.cancel();
      created.destroy();
      setViewer(null);
    };
  }, []);

  // A renewed token (useSlideInfo refetches before expiry, or after tiles failed) moves the
  // tiles to it.
  const dziUrl = info.objToken.strDziUrl;
  useEffect(() => viewer?.setTileBase(dziUrl), [viewer, dziUrl]);

  useEffect(() => (viewer && link ? link.add(viewer) : undefined), [viewer, link]);

  // Full screen is the whole page's, with this pane laid over it: a pane made the full-screen
  // element alone showed nothing rendered outside it — the adjustments, label and macro, key
  // help and the delete questions all open in the page's body.
  const wantsFullScreen = useRef(false);
  useEffect(() => {
    const onChange = () => {
      const on = document.fullscreenElement !== null && wantsFullScreen.current;
      wantsFullScreen.current = on;
      setFullScreen(on);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      // A pane taken away in full screen (a slide closed from the picker, the page left) must
      // not leave the browser in full screen over nothing.
      if (wantsFullScreen.current && document.fullscreenElement) {
        void document.exitFullscreen().catch(() => undefined);
      }
    };
  }, []);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else {
      wantsFullScreen.current = true;
      document.documentElement.requestFullscreen().catch(() => {
        wantsFullScreen.current = false;
      });
    }
  };

  const annotatable = useMemo(() => (viewer ? annotatableViewer(viewer) : null), [viewer]);
  const [layerShown, setLayerShown] = useLayerShown(viewer, slide.iSlideDocumentId);
  // Side by side (a computer's panes, which offer "View alone"), the pane's ruler ("Measure"),
  // for those who may annotate the slide.
  // Asked with the slide's annotation layer (the same query), not before it: a first answer that
  // failed would be asked again as the layer came, and the tools' "could not load" never shown.
  const mayWrite =
    useSlideAnnotations(slide.iSlideDocumentId, annotatable !== null).data?.bMayWrite ?? false;
  const mayMeasure = !!onViewAlone && mayWrite;
  const [ruler, pickRuler] = usePaneRuler(mayMeasure, layerShown, setLayerShown, pane);
  // Side by side, only the pane in use reads its magnification out (linked panes zoom together).
  const paneInUse = usePaneInUse(pane);
  const panelBelow = useMediaQuery(PANEL_BELOW_QUERY) && !compact;

  return (
    <Flex
      ref={pane}
      vertical
      gap={6}
      // Full screen shows the pane alone on the screen: keep the controls off its edges.
      style={{
        flex: 1,
        minWidth: 0,
        // Side by side (stacked on a phone, or in two rows), the pane is as tall as its content
        // at least (its row grows to it: show-slide-screen); alone, the screen's share is what it
        // gets.
        minHeight: sideBySide ? undefined : 0,
        background: '#fff',
        padding: fullScreen ? 12 : 0,
        // Over the whole page in full screen, under the popups and dialogs (antd's start at 1000).
        ...(fullScreen ? { position: 'fixed', inset: 0, zIndex: 900 } : { position: 'relative' }),
      }}
      data-viewer-pane
      data-testid={`slide-pane-${slide.iSlideDocumentId}`}
    >
      {/* Side by side, the name gets a line of its own: names differ in length, and the images
          of the panes must start level. */}
      <Flex gap="small" align={compact ? 'stretch' : 'center'} vertical={compact} wrap={!compact}>
        <Flex gap="small" align="center" style={{ minWidth: 0 }}>
          {lead}
          <OneLineSlideName
            name={slide.strFileName}
            maxWidth={compact ? '100%' : 260}
            testId={`viewer-slide-name-${slide.iSlideDocumentId}`}
          />
          {onViewAlone && (
            // Where the measuring, annotating and screenshots are (side by side has none).
            <PaneNameAction
              hint={t('viewAloneHint')}
              icon={<ExpandAltOutlined />}
              iconOnly={narrow}
              onClick={onViewAlone}
              testId={`slide-pane-alone-${slide.iSlideDocumentId}`}
            >
              {t('viewAlone')}
            </PaneNameAction>
          )}
          {onClose && (
            // On the pane itself: the picker's tags were the only way, far from the slide and
            // folded into "+ n" in a narrow window.
            <PaneNameAction
              hint={t('closePaneHint')}
              icon={<CloseOutlined />}
              iconOnly={narrow}
              onClick={onClose}
              testId={`slide-pane-close-${slide.iSlideDocumentId}`}
            >
              {t('closePane')}
            </PaneNameAction>
          )}
          {mayMeasure && (
            <PaneRulerButton
              slideId={slide.iSlideDocumentId}
              on={ruler}
              onChange={pickRuler}
              iconOnly={narrow}
            />
          )}
        </Flex>
        {showCase && (
          <Typography.Text
            type={showCase === 'warning' ? 'warning' : 'secondary'}
            ellipsis
            style={{ maxWidth: compact ? '100%' : 260 }}
            data-testid={`slide-pane-case-${slide.iSlideDocumentId}`}
          >
            {caseOfSlideText(t, slide)}
          </Typography.Text>
        )}
        {viewer && (
          <ViewerToolbar
            viewer={viewer}
            dziUrl={dziUrl}
            associated={slide.listAssociated ?? []}
            fullScreen={fullScreen}
            onFullScreen={toggleFullScreen}
            compact={compact}
            // Side by side, one line each, so that the images start at one height; a phone
            // stacks its panes, whose bars wrap as a single pane's does (on one line a turned
            // slide's angle pushed full screen off a 390 px screen).
            oneLine={sideBySide && !phone}
            narrow={narrow}
            phone={phone}
            layerShown={layerShown}
            onLayerShown={setLayerShown}
            // The "?" list names the keys of the tools this pane has: none for one who may not
            // annotate the slide (an expert who returned the case).
            keys={mayMeasure ? 'ruler' : !compact && mayWrite ? 'drawing' : 'view'}
            announce={!sideBySide || paneInUse}
          />
        )}
      </Flex>
      {phone && slide.dMppX == null && (
        // A computer's tools panel says so; the phone's viewer has none, and the measurements
        // drawn on it read in px with no scale bar beside them. (Side by side, the note above the
        // panes says it, and a line here would start this pane's image below its neighbour's.)
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="no-mpp">
          {t('noMppCompact')}
        </Typography.Text>
      )}
      {failed && viewer && (
        <Alert
          type="error"
          showIcon
          title={t('openFailed')}
          data-testid="viewer-failed"
          action={
            <Button
              size="small"
              data-testid="viewer-reopen"
              onClick={() => {
                setFailed(false);
                // With a fresh token: the failure may have been the old one's.
                void refresh()
                  .catch(() => undefined)
                  .then((fresh) => viewer.reopen(fresh?.objToken.strDziUrl ?? dziUrl));
              }}
            >
              {t('retry')}
            </Button>
          }
        />
      )}
      <Flex gap="small" vertical={panelBelow} style={{ flex: 1, minHeight: 0 }}>
        <div
          ref={view}
          data-testid="slide-view"
          style={{
            position: 'relative',
            flex: 1,
            minWidth: 0,
            // (A single view fills what the screen leaves it: at least 320 px, which a 720 px
            // window still has below the toolbar, in English too.)
            minHeight: compact ? 200 : 320,
            background: VIEW_BACKGROUND,
            border: '1px solid #e5e5e5',
          }}
        >
          {viewer && <ScaleBarOverlay viewer={viewer} />}
          {viewer && <NavigatorToggle viewer={viewer} touch={phone} />}
          {viewer && resumed && <ResumedViewNote viewer={viewer} small={sideBySide && !phone} />}
          {linkLost && <LinkLostNote />}
        </div>
        {compact ? (
          annotatable && (
            <AnnotationLayer
              viewer={annotatable}
              shown={layerShown}
              ruler={ruler}
              sideBySide={sideBySide}
            />
          )
        ) : (
          // Laid out from the start: a view that narrowed once open would change its zoom.
          <div
            style={
              panelBelow
                ? { flex: '0 0 34%', minHeight: 200, overflowY: 'auto' }
                : { width: 320, flex: 'none', overflowY: 'auto' }
            }
            data-testid="viewer-side-panel"
          >
            {annotatable && (
              <AnnotationTools
                viewer={annotatable}
                patientId={slide.iPatientId}
                layerShown={layerShown}
                onLayerShown={setLayerShown}
              />
            )}
          </div>
        )}
      </Flex>
    </Flex>
  );
}
