import type { Breakpoint, DescriptionsProps } from 'antd';

/**
 * Whether a report is laid out for a phone: below antd's sm breakpoint (576 px). Screens not
 * measured yet (antd's first render) count as wide.
 */
export function narrowReport(screens: Partial<Record<Breakpoint, boolean>>): boolean {
  return screens.sm === false;
}

/**
 * How a report's label–value table is laid out. On a phone the labels sit above their values: a
 * label column beside long texts gets squeezed to one character a line (诊/断/结/果). Wider, the
 * labels stay beside their values and never wrap, whatever the length of the texts.
 */
export function reportDescriptionsLayout(
  narrow: boolean,
): Pick<DescriptionsProps, 'layout' | 'styles'> {
  return narrow
    ? { layout: 'vertical' }
    : { layout: 'horizontal', styles: { label: { whiteSpace: 'nowrap' } } };
}
