import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const Result = lazy(async () => ({ default: (await import('./result-view')).Result }));

/**
 * antd's Result, loaded when first shown: with its status illustrations it is about 9 KB of
 * JavaScript that the order pages show only for an order that is not found.
 */
export function LazyResult(props: ResultProps & { 'data-testid'?: string }) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
