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
  const lines = facts.flatMap((fact) => {
    const text = slideFactText(slide, fact);
    return text
      ? [
          <Typography.Text
            key={fact}
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={`${testId}-${fact}-${slide.strFileName}`}
          >
            {text}
          </Typography.Text>,
        ]
      : [];
  });
  return (
    // Facts side by side are set apart by a dot, as the parts of one fact are ("7.52 KB · TIFF ·
    // 300 × 250"; a gap alone read as a slip). Each fact comes with the dot before it, and the
    // dot of a fact that begins a line lies clipped off left of the cell (.slide-facts in
    // app.css): a fact under another starts with no stray dot, and the fact itself is whole.
    <div className="slide-facts" data-testid={`${testId}-facts-${slide.strFileName}`}>
      <Flex wrap>
        {[...lines, ...(extra ? [extra] : [])].map((line, i) => (
          <span key={i} className="slide-fact">
            <Typography.Text type="secondary" aria-hidden className="slide-fact-dot">
              ·
            </Typography.Text>
            {line}
          </span>
        ))}
      </Flex>
    </div>
  );
}
