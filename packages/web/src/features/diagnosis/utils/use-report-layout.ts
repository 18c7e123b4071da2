import { Grid } from 'antd';
import { narrowReport, reportDescriptionsLayout } from './report-layout';

/** The report's layout for the current screen width (see report-layout.ts). */
export function useReportLayout() {
  const narrow = narrowReport(Grid.useBreakpoint());
  return { narrow, descriptions: reportDescriptionsLayout(narrow) };
}
