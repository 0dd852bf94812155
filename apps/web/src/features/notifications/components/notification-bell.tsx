import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { noticeTarget } from '@portal/domain/notification-kinds';
import type { NotificationItem } from '@portal/domain/notifications';
import { formatDateTime } from '../../../shared/dates/format-date';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';

/** The text of a notice in the current language, from its kind and parameters. */
function useNoticeText() {
  const { t } = useTranslation();
  return (notice: NotificationItem) => t(`notifications.kind.${notice.kind}`, { ...notice.params });
}

function NoticeRow({ notice, onOpen }: { notice: NotificationItem; onOpen: (n: NotificationItem) => void }) {
  const text = useNoticeText();
  return (
    <button
      type="button"
      data-testid="notification-item"
      data-read={notice.read ? 'true' : 'false'}
      onClick={() => onOpen(notice)}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'start',
        padding: '8px 12px',
        border: 'none',
        background: notice.read ? 'transparent' : 'rgba(22,119,255,0.06)',
        cursor: 'pointer',
      }}
    >
      <Typography.Text strong={!notice.read}>{text(notice)}</Typography.Text>
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(notice.createdAt, { seconds: true })}
      </Typography.Text>
    </button>
  );
}

/** The header bell: unread count, the newest notices linking to their orders, mark read. */
export function NotificationBell({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data } = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;
  const list = data?.list ?? [];

  const handleOpen = (notice: NotificationItem) => {
    if (!notice.read) markRead.mutate({ ids: [notice.id] });
    setOpen(false);
    const target = noticeTarget(notice.kind, notice.orderId, notice.params);
    if (target) void navigate(target);
  };

  const panel = (
    <div role="dialog" aria-label={t('notifications.title')} style={{ width: 340 }}>
      <div style={{ display: 'flex', alignItems: 'center', padding: '8px 12px' }}>
        <Typography.Text strong style={{ flex: 1 }}>
          {t('notifications.title')}
        </Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={unread === 0}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <div style={{ maxHeight: 400, overflowY: 'auto' }}>
          {list.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} onOpen={handleOpen} />
          ))}
        </div>
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" content={panel}>
      <Button
        type="text"
        aria-label={t('notifications.bell', { count: unread })}
        style={{ color: dark ? '#fff' : undefined }}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18, color: dark ? '#fff' : undefined }} />
          </Badge>
        }
      />
    </Popover>
  );
}
