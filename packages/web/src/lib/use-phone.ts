import { Grid } from 'antd';

/**
 * Whether the window is a phone's (antd's xs, below 576 px): the screens that fold their side
 * menu, filters and header words away there ask this one question.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().xs === true;
}
