import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { SlideDocumentDto } from '@pathconsult/shared';
import { slideFactText, type SlideFact } from '../utils/slide-facts';

/**
 * What a wide slide table's size, image size and upload columns say, as small lines under the
 * file name for a narrow screen: side by side where the cell has room, one under the other on a
 * phone. Each fact keeps its own line whole rather than being cut, so that nothing is hidden.
 * `extra` lines (a removal) follow them. Test ids: `<testId>-facts-<file name>`, and
 * `<testId>-<fact>-<file name>` for each fact.
 */
export function SlideFactLines({
  slide,
  facts,
  testId,
  extra,
}: {
  slide: SlideDocumentDto;
  facts: readonly SlideFact[];
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <Flex wrap gap="0 12px" data-testid={`${testId}-facts-${slide.strFileName}`}>
      {facts.map((fact) => {
        const text = slideFactText(slide, fact);
        return (
          text && (
            <Typography.Text
              key={fact}
              type="secondary"
              style={{ fontSize: 12 }}
              data-testid={`${testId}-${fact}-${slide.strFileName}`}
            >
              {text}
            </Typography.Text>
          )
        );
      })}
      {extra}
    </Flex>
  );
}
