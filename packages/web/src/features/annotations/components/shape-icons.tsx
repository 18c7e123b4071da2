import Icon from '@ant-design/icons';
import type { GetProps } from 'antd';

type IconProps = Partial<GetProps<typeof Icon>>;

/*
 * Tool icons antd lacks, drawn like its outlined icons (1024 units, current colour): an ellipse
 * (its tool wore the crosshair that also means "go to annotation" in the list) and a polygon.
 */

const EllipseSvg = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="none" stroke="currentColor">
    <ellipse cx="512" cy="512" rx="424" ry="296" strokeWidth="72" />
  </svg>
);

const PolygonSvg = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="none" stroke="currentColor">
    <polygon
      points="512,112 912,400 760,896 264,896 112,400"
      strokeWidth="72"
      strokeLinejoin="round"
    />
  </svg>
);

export function EllipseOutlined(props: IconProps) {
  return <Icon component={EllipseSvg} {...props} />;
}

export function PolygonOutlined(props: IconProps) {
  return <Icon component={PolygonSvg} {...props} />;
}
