import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@portal/domain/auth';
import type { ManagedUser } from '@portal/domain/users';
import { DataTable } from '../../../shared/ui/data-table';
import { toast } from '../../../shared/ui/message-bridge';
import { USERS_PAGE_SIZE, useDeleteUser, useResetPassword } from '../api/users';

const STATUS_COLOURS: Record<UserStatus, string> = {
  active: 'green',
  testing: 'blue',
  inactive: 'default',
  disabled: 'red',
};

interface UsersTableProps {
  users: ManagedUser[];
  loading: boolean;
  canManage: boolean;
  selfId: number | undefined;
  empty: ReactNode;
  pagination: { current: number; total: number; onChange: (page: number) => void };
  onEdit: (user: ManagedUser) => void;
  onPasswordReset: (user: ManagedUser, password: string) => void;
}

/** The agency's users with, for its SuperUser, edit, reset password and delete on each row. */
export function UsersTable(props: UsersTableProps) {
  const { users, canManage, selfId, onEdit, onPasswordReset } = props;
  const { t } = useTranslation();
  const remove = useDeleteUser();
  const reset = useResetPassword();

  const handleDelete = async (user: ManagedUser) => {
    try {
      await remove.mutateAsync(user.id);
      void toast().success(t('usersPage.deleted', { username: user.username }));
    } catch {
      // Shown by the client.
    }
  };

  const handleReset = async (user: ManagedUser) => {
    try {
      const { temporaryPassword } = await reset.mutateAsync(user.id);
      onPasswordReset(user, temporaryPassword);
    } catch {
      // Shown by the client.
    }
  };

  const columns: TableColumnsType<ManagedUser> = [
    { title: t('usersPage.username'), dataIndex: 'username' },
    { title: t('usersPage.nickname'), dataIndex: 'nickname' },
    { title: t('usersPage.email'), dataIndex: 'email' },
    {
      title: t('usersPage.mobile'),
      key: 'mobile',
      render: (_, u) => (u.mobile ? `+${u.mobile.areaCode} ${u.mobile.number}` : '—'),
    },
    {
      title: t('usersPage.roles'),
      key: 'roles',
      render: (_, u) => u.role.map((role) => <Tag key={role}>{t(`usersPage.role.${role}`)}</Tag>),
    },
    {
      title: t('usersPage.status'),
      dataIndex: 'status',
      render: (status: UserStatus) => (
        <Tag color={STATUS_COLOURS[status]}>{t(`usersPage.statuses.${status}`)}</Tag>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      title: t('usersPage.actions'),
      key: 'actions',
      render: (_, u) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            aria-label={t('usersPage.editOf', { username: u.username })}
            onClick={() => onEdit(u)}
          >
            {t('usersPage.edit')}
          </Button>
          <Popconfirm
            title={t('usersPage.resetConfirm', { username: u.username })}
            okText={t('usersPage.reset')}
            cancelText={t('common.cancel')}
            onConfirm={() => handleReset(u)}
          >
            <Button type="link" size="small" aria-label={t('usersPage.resetOf', { username: u.username })}>
              {t('usersPage.reset')}
            </Button>
          </Popconfirm>
          {u.id !== selfId && (
            <Popconfirm
              title={t('usersPage.deleteConfirm', { username: u.username })}
              okText={t('usersPage.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(u)}
            >
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('usersPage.deleteOf', { username: u.username })}
              >
                {t('usersPage.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <DataTable<ManagedUser>
      rowKey="id"
      data-testid="users-table"
      label={t('router.users')}
      keyColumn="username"
      actionColumn="actions"
      columns={columns}
      dataSource={users}
      loading={props.loading}
      locale={{ emptyText: props.empty }}
      pagination={{
        ...props.pagination,
        pageSize: USERS_PAGE_SIZE,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
    />
  );
}
