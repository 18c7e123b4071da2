import { Flex } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { COVERS_LABELS } from '@/features/annotations/overlay/viewer-surface';

/**
 * A note laid over the top of a slide's view, centred, as wide as its words up to the view's
 * width (centred from the middle with half the view, "Opened where you left off" broke word by
 * word on a phone). `top` stacks several; `style` gives the note its colours.
 */
export function ViewNote({
  top,
  style,
  testId,
  children,
}: {
  top: number;
  style: CSSProperties;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Flex
      align="center"
      role="status"
      style={{
        position: 'absolute',
        top,
        left: '50%',
        transform: 'translateX(-50%)',
        // Over the annotation layer (z-index 2), as the navigator and scale bar are: a label
        // near the top of the view was painted across the note and its link.
        zIndex: 3,
        width: 'max-content',
        maxWidth: 'calc(100% - 16px)',
        borderRadius: 6,
        ...style,
      }}
      data-testid={testId}
      // Labels of annotations keep off it as off the scale bar: one near the top of the view
      // lay under "Opened where you left off" until the note went.
      {...{ [COVERS_LABELS]: '' }}
    >
      {children}
    </Flex>
  );
}
