import { Spin } from 'antd';

/** Shown while a screen's script or a needed configuration loads. */
export function PageSpinner() {
  return (
    <div className="page-spinner" data-testid="page-spinner">
      <Spin size="large" />
    </div>
  );
}
