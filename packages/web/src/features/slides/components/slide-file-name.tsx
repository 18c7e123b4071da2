import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';
import { Fragment, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { extensionOf } from '@pathconsult/shared';
import { largestFitting } from '@/lib/largest-fitting';
import { middleCut } from '../utils/middle-ellipsis';
import { splitSlideName } from '../utils/slide-name';

/*
 * Wraps where it must, a long name without separators included: scanner names are one long run
 * of letters, digits, hyphens and underscores.
 */
const STYLE: CSSProperties = {
  display: 'block',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
};

/**
 * `text` in the pieces a line may break between: after each underscore. Scanner names join
 * their parts with underscores, which are no line-break opportunity, so a name broke anywhere
 * (overflow-wrap) and a date read "2026120" above "5.svs"; breaking after an underscore keeps a
 * date or serial number whole (overflow-wrap still breaks a piece longer than a line). The
 * breaks are <wbr> elements, not zero-width spaces: a copied name stays the name.
 */
function breakablePieces(text: string): string[] {
  return text.split(/(?<=_)/);
}

/** `text` into `element` with its break opportunities, as the component renders it. */
function fillBreakable(element: HTMLElement, text: string) {
  element.replaceChildren(
    ...breakablePieces(text).flatMap((piece, i) =>
      i === 0 ? [piece] : [document.createElement('wbr'), piece],
    ),
  );
}

function Breakable({ text }: { text: string }) {
  return breakablePieces(text).map((piece, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}

/**
 * The longest form of `name` that `element`'s width shows within `lines` lines: the whole name,
 * else its middle cut with the extension kept (utils/middle-ellipsis.ts). Measured on an
 * invisible copy of the element, so that the fonts, the line breaks and the width are the real
 * ones (a character budget cut names that had room, and let wide ones overflow).
 */
function fittedName(element: HTMLElement, name: string, lines: number): string {
  const { stem, extension } = splitSlideName(name, extensionOf(name));
  const probe = element.cloneNode(false) as HTMLElement;
  probe.removeAttribute('data-testid');
  probe.removeAttribute('title');
  probe.setAttribute('aria-hidden', 'true');
  Object.assign(probe.style, {
    position: 'absolute',
    visibility: 'hidden',
    top: '0',
    left: '0',
    width: `${element.clientWidth}px`,
  });
  element.after(probe);
  try {
    probe.textContent = 'x';
    const room = probe.offsetHeight * lines + 1;
    const fits = (text: string) => {
      fillBreakable(probe, text);
      return probe.offsetHeight <= room;
    };
    if (fits(name)) {
      return name;
    }
    const kept = largestFitting(0, [...stem].length - 1, (n) =>
      fits(middleCut(stem, extension, n)),
    );
    return middleCut(stem, extension, kept);
  } finally {
    probe.remove();
  }
}

/**
 * A slide's file name, whole when its column has room for it within `lines` lines, else cut in
 * its middle (the scanner's prefix, the serial number or side and the format stay in sight),
 * the whole name on hover. Fitted again whenever its width changes (a window resized, a menu
 * folded), as a column that takes the table's spare width does.
 */
export function SlideFileName({
  name,
  lines,
  strong,
}: {
  name: string;
  lines: number;
  strong?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  // What was fitted, and for which name: a renamed slide shows its new name whole until fitted.
  const [fitted, setFitted] = useState({ name, shown: name });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    let width = -1;
    const fit = () => {
      // Only a new width can change what fits; a hidden tab (no width) waits to be shown.
      if (element.clientWidth === width || element.clientWidth === 0) {
        return;
      }
      width = element.clientWidth;
      setFitted({ name, shown: fittedName(element, name, lines) });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [name, lines]);
  const shown = fitted.name === name ? fitted.shown : name;
  const cut = shown !== name;
  return (
    <span
      ref={ref}
      style={strong ? { ...STYLE, fontWeight: 600 } : STYLE}
      title={cut ? name : undefined}
      data-testid="slide-file-name"
    >
      {cut ? (
        // A screen reader (and find in page) gets the whole name, the eye the cut one.
        <>
          <span aria-hidden="true" data-testid="slide-file-name-shown">
            <Breakable text={shown} />
          </span>
          <span style={VISUALLY_HIDDEN} data-testid="slide-file-name-whole">
            {name}
          </span>
        </>
      ) : (
        <Breakable text={shown} />
      )}
    </span>
  );
}
