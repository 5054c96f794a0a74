import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import type { CSSProperties, ReactNode } from 'react';
import { Icon } from './Icon';

/** A one-line alert with its icon (antd Alert `showIcon`), announced when it appears. */
export function Alert({
  type,
  children,
  style,
}: {
  type: 'error' | 'warning';
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <div role="alert" className={`gh-alert gh-alert-${type}`} style={style}>
      <Icon icon={type === 'error' ? CloseCircleFilled : ExclamationCircleFilled} />
      <span>{children}</span>
    </div>
  );
}
