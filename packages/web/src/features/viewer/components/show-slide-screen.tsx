import { InfoCircleOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Empty, Flex, Select, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCaseSlides } from '@/features/case-detail/api/case-slides';
import { isViewable } from '@/features/slides/utils/slide-facts';
import type { SlideInfoDto } from '@pathconsult/shared';
import { useSlideInfo, useSlidesInfo, useSlidesInfoFailed } from '../api/slide-info';
import { ViewLink } from '../view-link';
import { caseOfSlideText, slidesOfSeveralCases } from '../utils/case-of-slide';
import { MAX_SIDE_BY_SIDE, parseSlideIds, slideIdsParam } from '../utils/slide-ids';
import { SlidePane } from './slide-pane';
import { useTabLabel } from '@/app/tab-bar/tab-labels';
import { useMayAnnotateAny } from '@/features/annotations/api/annotations';

/** Slide names in reading order: numbers inside names compare as numbers (A2 before A10). */
const SLIDE_NAME_ORDER = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Search parameter saying linked navigation is on (kept in the address: a reload keeps it). */
const LINK_PARAM = 'link';

/**
 * /ShowSlide?id=12 (and the phone's /mobileShowSilde): one slide, or up to four of the same case
 * side by side with linked navigation (?id=12,13&link=1); the phone stacks them, linked alike.
 * The picker lists the case's readable slides. Slides of several cases (an address put together
 * by hand, an old link) are shown, each marked with its case's number, under a warning.
 */
export function ShowSlideScreen({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('viewer');
  const [params, setParams] = useSearchParams();
  const ids = parseSlideIds(params.get('id'));
  const link = useMemo(() => new ViewLink(), []);
  const linked = params.get(LINK_PARAM) === '1';
  useEffect(() => link.setEnabled(linked), [link, linked]);
  const infos = useSlidesInfo(ids);
  const failed = useSlidesInfoFailed(ids);
  const severalCases = slidesOfSeveralCases(infos.map((info) => info?.objSlide));
  // The viewer's tab says whose slides (the numbers of their cases, as the panes say them).
  useTabLabel(caseNumbersOf(infos));
  const stackedOnPhone = compact && ids.length > 1;
  // Several rows of panes: each row at least as tall as its panes' controls and views.
  const rowsScroll = stackedOnPhone || ids.length === 4;
  // Only for the note above slides side by side (one slide's tools say it themselves).
  const mayAnnotate = useMayAnnotateAny(compact || ids.length < 2 ? [] : ids);
  // Slides recording neither a pixel size nor an objective power: linked, they cannot be put at
  // the others' magnification.
  const unscaled = infos
    .map((info) => info?.objSlide)
    // As the viewer reads them (slide-pane): a zero is no more a scale than a null.
    .filter((slide) => slide && !slide.dMppX && !slide.dObjectiveMagnification)
    .map((slide) => slide!.strFileName);

  if (ids.length === 0) {
    return <Empty description={t('noSlide')} data-testid="viewer-no-slide" />;
  }
  const show = (next: number[], linkOn: boolean) =>
    setParams(
      { id: slideIdsParam(next), ...(linkOn && next.length > 1 ? { [LINK_PARAM]: '1' } : {}) },
      { replace: true },
    );
  const choose = (next: number[]) => {
    if (next.length > 0) {
      show(next, linked);
    }
  };
  const toggleLink = (on: boolean) => {
    // At once: the address (and the effect above) follows a render later, and a slide moved in
    // between must already be linked.
    link.setEnabled(on);
    show(ids, on);
  };

  return (
    <Flex
      vertical
      gap="small"
      style={
        compact
          ? { flex: 1, minHeight: 0 } // the phone page gives the height (the screen's)
          : // The workspace's content area, exactly (it scrolls only below 420 px): a height
            // guessed from the window's (100vh less the header) with at least 600 px ran 30 px
            // past a 1280 × 720 laptop's, so that the page scrolled and the scale bar and the
            // overview map were cut off at the bottom.
            { height: '100%', minHeight: 420 }
      }
    >
      {(!compact || ids.length > 1) && (
        <Flex gap="middle" align="center" wrap>
          {!severalCases && infos[0] && (
            // Whose tissue this is, before anything is measured or captured for a report (one
            // case's slides: said once; several cases': each pane says its own).
            <Typography.Text strong data-testid="viewer-case">
              {caseOfSlideText(t, infos[0].objSlide)}
            </Typography.Text>
          )}
          {!compact && (
            <CaseSlidePicker
              firstId={ids[0]!}
              ids={ids}
              shown={infos}
              failed={failed}
              onChange={choose}
            />
          )}
          {ids.length > 1 && (
            // The phone stacks the slides: linked, they move together there as well.
            <Tooltip title={compact ? undefined : t('linkHint')}>
              <Flex gap={6} align="center">
                <LinkOutlined />
                <Typography.Text>{t('link')}</Typography.Text>
                <Switch
                  checked={linked}
                  onChange={toggleLink}
                  aria-label={t('link')}
                  data-testid="viewer-link"
                />
              </Flex>
            </Tooltip>
          )}
          {!compact && ids.length > 1 && mayAnnotate !== undefined && (
            // Side by side the panes have no drawing tools, measurements' panel or screenshots
            // (each would keep a strip of the screen): say where they are, and how to get there.
            // One who may not annotate these slides (an expert who returned the case) is not
            // pointed to tools they do not have.
            <Typography.Text type="secondary" data-testid="viewer-side-by-side-hint">
              <InfoCircleOutlined /> {t(mayAnnotate ? 'sideBySideTools' : 'sideBySideView')}
            </Typography.Text>
          )}
        </Flex>
      )}
      {severalCases && (
        <Alert type="warning" showIcon title={t('mixedCases')} data-testid="viewer-mixed-cases" />
      )}
      {linked && unscaled.length > 0 && (
        // Linked, such a slide follows by proportion (linked-view.ts): said, so that a view at
        // another scale than its neighbour's is not read as a fault.
        <Alert
          type="info"
          showIcon
          title={t('linkUnscaled', {
            count: unscaled.length,
            names: unscaled.join(t('common:namesSeparator')),
          })}
          data-testid="viewer-link-unscaled"
        />
      )}
      {/* Up to three slides in a row; four as two rows of two, not four strips. */}
      <div
        style={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gap: 8,
          gridTemplateColumns: compact
            ? '1fr'
            : `repeat(${ids.length === 4 ? 2 : ids.length}, minmax(0, 1fr))`,
          // A phone stacks several slides, each at least as tall as its controls and a view of
          // 200 px (slide-pane), and scrolls past the screen's height rather than squeeze them:
          // rows sharing the screen's height whatever it was let a view run under the next
          // pane, its scale bar, navigator and annotations over the next slide's controls. Four
          // slides in two rows on a low screen (1280×720) are kept whole the same way.
          gridAutoRows: rowsScroll ? 'minmax(auto, 1fr)' : 'minmax(0, 1fr)',
          ...(rowsScroll ? { overflowY: 'auto' as const } : {}),
        }}
      >
        {ids.map((id, index) => (
          <SlidePane
            key={id}
            slideId={id}
            // One slide: its pane leads with the page's Back. Several stacked on a phone scroll,
            // and Back would scroll away with the first: the page keeps it above them.
            first={index === 0 && ids.length === 1}
            link={ids.length > 1 ? link : undefined}
            compact={compact || ids.length > 1}
            sideBySide={ids.length > 1}
            narrow={!compact && ids.length === 3}
            phone={compact}
            showCase={severalCases ? 'warning' : compact && ids.length === 1 ? 'plain' : undefined}
            // As the picker does with all the others taken out.
            onViewAlone={!compact && ids.length > 1 ? () => show([id], false) : undefined}
            onClose={
              ids.length > 1
                ? () =>
                    show(
                      ids.filter((other) => other !== id),
                      linked,
                    )
                : undefined
            }
          />
        ))}
      </div>
    </Flex>
  );
}

/** The pathology numbers of the slides' cases, each once; undefined until one slide is read. */
function caseNumbersOf(infos: Array<SlideInfoDto | undefined>): string | undefined {
  const numbers = new Set(
    infos.flatMap((info) =>
      info?.objSlide.strDiagnosistNum ? [info.objSlide.strDiagnosistNum] : [],
    ),
  );
  return numbers.size > 0 ? [...numbers].join(', ') : undefined;
}

/** The case's slides the engine has read, to show beside the first one (at most four). */
function CaseSlidePicker({
  firstId,
  ids,
  shown,
  failed,
  onChange,
}: {
  firstId: number;
  ids: number[];
  /** The facts of the slides shown (in `ids` order), to name those of other cases. */
  shown: Array<SlideInfoDto | undefined>;
  /** Per slide shown: its facts were refused (its pane says why). */
  failed: boolean[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('viewer');
  const labelId = useId();
  const [search, setSearch] = useState('');
  const patientId = useSlideInfo(firstId).data?.objSlide.iPatientId ?? null;
  const slides = useCaseSlides(patientId ?? 0, patientId !== null);
  // In the order of their names, numbers as numbers (A2 before A10): a pathologist reads a case's
  // blocks in order, and the case's list (newest first) read A1 last.
  const caseOptions = (slides.data?.listSlideDocument ?? [])
    .filter(isViewable)
    .map((s) => ({ value: s.iSlideDocumentId, label: s.strFileName }))
    .sort((a, b) => SLIDE_NAME_ORDER.compare(a.label, b.label));
  // A slide of another case shown beside them is named with its case's number (else its tag
  // would be its bare id).
  const otherOptions = shown.flatMap((info) =>
    info && info.objSlide.iPatientId !== patientId
      ? [
          {
            value: info.objSlide.iSlideDocumentId,
            label: t('pickerOtherCase', {
              name: info.objSlide.strFileName,
              num: info.objSlide.strDiagnosistNum,
            }),
          },
        ]
      : [],
  );
  // A slide of the case that cannot be opened (failed, still uploading) keeps its name; one
  // gone, or not the user's to see, has none to show: its tag says so rather than its bare id.
  const failedOptions = ids.flatMap((id, i) => {
    if (!failed[i] || caseOptions.some((o) => o.value === id)) {
      return [];
    }
    const ofCase = slides.data?.listSlideDocument.find((s) => s.iSlideDocumentId === id);
    return [{ value: id, label: ofCase?.strFileName ?? t('pickerUnavailable') }];
  });
  const options = [...caseOptions, ...otherOptions, ...failedOptions];
  // A slide shown that the list held in memory does not know yet (uploaded since, opened from a
  // link) would show as its bare number in the picker: the list is asked again, once per set.
  const unknown = slides.data
    ? ids.filter((id) => !options.some((o) => o.value === id)).join(',')
    : '';
  const asked = useRef('');
  const { refetch } = slides;
  useEffect(() => {
    if (unknown !== '' && asked.current !== unknown) {
      asked.current = unknown;
      void refetch();
    }
  }, [unknown, refetch]);
  if (patientId === null || options.length < 2) {
    return null;
  }
  return (
    <Flex gap={6} align="center">
      <Typography.Text id={labelId}>{t('sideBySide')}</Typography.Text>
      <Select
        mode="multiple"
        aria-labelledby={labelId}
        // The one slide left has no ×: a view shows at least one slide, and the × did nothing.
        className={ids.length === 1 ? 'viewer-slide-picker-one' : undefined}
        // Typing finds slides by name (by default antd searches the values: the slides' ids).
        // What was typed goes when the list closes: Esc hid it but kept it, and the next search
        // ran on "oldnew" and found nothing.
        showSearch={{ optionFilterProp: 'label', searchValue: search, onSearch: setSearch }}
        onOpenChange={(open) => {
          if (!open) {
            setSearch('');
          }
        }}
        // Wide enough for the names of four slides before they fold into "+ n".
        style={{ minWidth: 320, width: 'min(640px, 55vw)' }}
        value={ids}
        options={options.map((o) => ({
          ...o,
          disabled: ids.length >= MAX_SIDE_BY_SIDE && !ids.includes(o.value),
        }))}
        onChange={onChange}
        maxTagCount="responsive"
        // The names that fold into "+ n" are listed on hover: "+ 2" alone does not say which.
        maxTagPlaceholder={(omitted) => (
          <Tooltip
            title={
              <Flex vertical data-testid="viewer-slide-picker-folded">
                {omitted.map((o) => (
                  <span key={String(o.value)}>{o.label}</span>
                ))}
              </Flex>
            }
          >
            <span data-testid="viewer-slide-picker-more">+ {omitted.length}</span>
          </Tooltip>
        )}
        data-testid="viewer-slide-picker"
      />
    </Flex>
  );
}
