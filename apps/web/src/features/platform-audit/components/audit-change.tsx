import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A JSON value as a reader scans it: top-level fields one a line, nested values as JSON. */
function lines(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [JSON.stringify(value)];
  return Object.entries(value as Record<string, unknown>).map(
    ([key, field]) => `${key}: ${typeof field === 'string' ? field : JSON.stringify(field)}`,
  );
}

/** A row's before and after, side by side; the fields that changed are marked. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const was = lines(before);
  const now = lines(after);
  if (was.length === 0 && now.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const block = (title: string, rows: string[], other: string[]) =>
    rows.length > 0 && (
      <div>
        <Typography.Text type="secondary">{title}</Typography.Text>
        <ul style={{ margin: 0, paddingInlineStart: 16, fontFamily: 'monospace', fontSize: 12 }}>
          {rows.map((row) => (
            <li key={row}>{other.includes(row) ? row : <mark>{row}</mark>}</li>
          ))}
        </ul>
      </div>
    );
  return (
    <div style={{ maxWidth: 360, wordBreak: 'break-word' }} data-testid="platform-audit-change">
      {block(t('platform.audit.before'), was, now)}
      {block(t('platform.audit.after'), now, was)}
    </div>
  );
}
