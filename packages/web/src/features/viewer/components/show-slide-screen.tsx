import { LinkOutlined } from '@ant-design/icons';
import { Empty, Flex, Select, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCaseSlides } from '@/features/case-detail/api/case-slides';
import { isViewable } from '@/features/slides/utils/slide-facts';
import { useSlideInfo } from '../api/slide-info';
import { ViewLink } from '../view-link';
import { MAX_SIDE_BY_SIDE, parseSlideIds, slideIdsParam } from '../utils/slide-ids';
import { SlidePane } from './slide-pane';

/** Search parameter saying linked navigation is on (kept in the address: a reload keeps it). */
const LINK_PARAM = 'link';

/**
 * /ShowSlide?id=12 (and the phone's /mobileShowSilde): one slide, or up to four of the same case
 * side by side with linked navigation (?id=12,13&link=1). The picker lists the case's readable
 * slides.
 */
export function ShowSlideScreen({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('viewer');
  const [params, setParams] = useSearchParams();
  const ids = parseSlideIds(params.get('id'));
  const link = useMemo(() => new ViewLink(), []);
  // The phone shows one slide at a time, with no switch to turn linking off: never linked there.
  const linked = !compact && params.get(LINK_PARAM) === '1';
  useEffect(() => link.setEnabled(linked), [link, linked]);

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
          : { height: 'calc(100vh - 150px)', minHeight: 600 }
      }
    >
      {!compact && (
        <Flex gap="middle" align="center" wrap>
          <CaseSlidePicker firstId={ids[0]!} ids={ids} onChange={choose} />
          {ids.length > 1 && (
            <Tooltip title={t('linkHint')}>
              <Flex gap={6} align="center">
                <LinkOutlined />
                <Typography.Text>{t('link')}</Typography.Text>
                <Switch checked={linked} onChange={toggleLink} data-testid="viewer-link" />
              </Flex>
            </Tooltip>
          )}
        </Flex>
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
          gridAutoRows: 'minmax(0, 1fr)',
        }}
      >
        {ids.map((id) => (
          <SlidePane
            key={id}
            slideId={id}
            link={ids.length > 1 ? link : undefined}
            compact={compact || ids.length > 1}
            sideBySide={ids.length > 1}
            narrow={!compact && ids.length === 3}
            phone={compact}
          />
        ))}
      </div>
    </Flex>
  );
}

/** The case's slides the engine has read, to show beside the first one (at most four). */
function CaseSlidePicker({
  firstId,
  ids,
  onChange,
}: {
  firstId: number;
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('viewer');
  const patientId = useSlideInfo(firstId).data?.objSlide.iPatientId ?? null;
  const slides = useCaseSlides(patientId ?? 0, patientId !== null);
  const options = (slides.data?.listSlideDocument ?? [])
    .filter(isViewable)
    .map((s) => ({ value: s.iSlideDocumentId, label: s.strFileName }));
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
      <Typography.Text>{t('sideBySide')}</Typography.Text>
      <Select
        mode="multiple"
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
