import { Result, type ResultProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';

/**
 * antd's Result, for its 403/404/500 pictures: each is an SVG with an English <title> ("No
 * Found", "Unauthorized"), which screen readers read as the picture's name in the Chinese
 * interface too. The picture only decorates (the title says what happened): it is hidden from
 * them. The wrapper takes no room of its own (display: contents).
 */
export function ExceptionResult(props: ResultProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    wrapper.current
      ?.querySelectorAll('.ant-result-image svg')
      .forEach((svg) => svg.setAttribute('aria-hidden', 'true'));
  });
  return (
    <div ref={wrapper} style={{ display: 'contents' }}>
      <Result {...props} />
    </div>
  );
}
