import { theme } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM entry: lib/core fails at run time under Vite 8 (STACK-NOTES).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideStatisticsReport } from '@pathconsult/shared';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import { useElementWidth } from '@/lib/use-element-width';
import { dayLabelShown, mostDayLabels } from '../utils/day-labels';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Day = SlideStatisticsReport['listDay'][number];

/** Room around the bars: the value axis on the left, half the last day's label on the right. */
const GRID = { left: 40, right: 20, top: 36, bottom: 28 };

/**
 * Uploads per day of the period as stacked bars (uploaded, not finished, and failed), with the
 * day's bytes in the tooltip. Loaded with the statistics screen's chart only (ECharts is large).
 */
export default function UploadsChart({ days }: { days: Day[] }) {
  const { t } = useTranslation('slideStatistics');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const most = mostDayLabels(useElementWidth(box), GRID.left + GRID.right);
  const option = {
    grid: GRID,
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: Array<{ dataIndex: number }>) => {
        const day = days[items[0]?.dataIndex ?? 0];
        if (!day) {
          return '';
        }
        return [
          day.strDay,
          t('chart.tipUploads', { count: day.iUploaded }),
          t('chart.tipFailed', { count: day.iFailed }),
          t('chart.tipUnfinished', { count: day.iUnfinished }),
          t('chart.tipBytes', { bytes: formatBytes(day.lBytes) }),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => d.strDay.slice(5)),
      axisLabel: { interval: (index: number) => dayLabelShown(index, days.length, most) },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('chart.uploaded'),
        type: 'bar',
        stack: 'uploads',
        itemStyle: { color: token.colorPrimary },
        data: days.map((d) => d.iUploaded - d.iFailed - d.iUnfinished),
      },
      {
        // Begun and never finished (interrupted, or removed unfinished): not uploaded.
        name: t('chart.unfinished'),
        type: 'bar',
        stack: 'uploads',
        itemStyle: { color: token.colorWarning },
        data: days.map((d) => d.iUnfinished),
      },
      {
        name: t('chart.failed'),
        type: 'bar',
        stack: 'uploads',
        itemStyle: { color: token.colorError },
        data: days.map((d) => d.iFailed),
      },
    ],
  };
  return (
    <div ref={box}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height: 280 }}
        opts={{ renderer: 'canvas' }}
      />
    </div>
  );
}
