import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { StatusColor } from '@portal/domain/flight-order-status';

/** antd Tag colours for the spec's colour classes. */
export const STATUS_TAG_COLOR: Record<StatusColor, string> = {
  success: 'success',
  warning: 'warning',
  primary: 'processing',
  error: 'error',
  info: 'default',
};

/**
 * An order status as a tag in its spec §4 colour class (`status-<class>`, `data-status-color`),
 * with the raw status in `data-status`; flight and group orders each pass their own colour and label.
 */
export function StatusClassTag({
  status,
  color,
  testId,
  children,
}: {
  status: string;
  color: StatusColor;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tag
      color={STATUS_TAG_COLOR[color]}
      className={`status-${color}`}
      data-status-color={color}
      data-status={status}
      data-testid={testId}
    >
      {children}
    </Tag>
  );
}
