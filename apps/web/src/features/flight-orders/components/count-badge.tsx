import { Badge } from 'antd';

/**
 * The count of orders waiting in a tab or pending group: blue when there are some, a muted grey 0
 * when there are none, so a loaded count never looks like a missing one.
 */
export function CountBadge({
  count,
  overflowCount = 99,
  testId,
}: {
  count: number;
  overflowCount?: number;
  testId?: string;
}) {
  return (
    <Badge
      count={count}
      showZero
      overflowCount={overflowCount}
      color={count > 0 ? 'blue' : 'grey'}
      data-testid={testId}
    />
  );
}
