import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The page's h1 (`data-testid="page-title"`). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} data-testid="page-title" style={{ fontSize: 24, marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
