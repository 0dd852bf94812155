import { Descriptions } from 'antd';

export interface UserLogDetailItem {
  key: string;
  label: string;
  value: string;
}

/** The technical details of a user log row, one per line (`UserLogDetails` loads it when opened). */
export function UserLogDetailsList({ items }: { items: UserLogDetailItem[] }) {
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="user-log-details"
      items={items.map((item) => ({
        key: item.key,
        label: item.label,
        children: <code style={{ wordBreak: 'break-all' }}>{item.value}</code>,
      }))}
    />
  );
}
