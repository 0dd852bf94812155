import { Button, Card, Empty, Input, Select, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES } from '@portal/domain/account-options';
import { ROLES } from '@portal/domain/roles';
import type { ManagedUser } from '@portal/domain/users';
import { useSessionStore } from '../../../shared/stores/session-store';
import { PageTitle } from '../../../shared/ui/page-title';
import { PasswordShownOnce } from '../../../shared/ui/password-shown-once';
import { QueryError } from '../../../shared/ui/query-error';
import { useUsers, type UserFilters } from '../api/users';
import { UsersTable } from '../components/users-table';

/*
 * The user form opens from a button or a row, so it loads when first opened: its checks are the
 * domain's zod schemas, which the list does not need (docs/performance/javascript-per-route.md).
 */
const UserFormModal = lazy(async () => ({
  default: (await import('../components/user-form-modal')).UserFormModal,
}));

type Editing = { user?: ManagedUser } | null;

/** /users: the agency's users; its SuperUser adds, edits, resets passwords and deletes. */
export function UsersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UserFilters>({});
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers(filters, page);
  const selfId = useSessionStore((s) => s.userInfo?.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);
  const canManage = users.data?.canManage ?? false;

  const applyFilters = (next: UserFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <PageTitle>{t('router.users')}</PageTitle>
      <Card
        extra={
          canManage && (
            <Button type="primary" onClick={() => setEditing({})}>
              {t('usersPage.add')}
            </Button>
          )
        }
        title={
          <Space wrap>
            <Input.Search
              allowClear
              aria-label={t('usersPage.search')}
              placeholder={t('usersPage.search')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => applyFilters({ ...filters, keyword: value.trim() || undefined })}
              style={{ width: 240 }}
            />
            <Select
              allowClear
              aria-label={t('usersPage.roles')}
              placeholder={t('usersPage.roles')}
              style={{ width: 150 }}
              value={filters.role}
              onChange={(role?: UserFilters['role']) => applyFilters({ ...filters, role })}
              options={ROLES.map((role) => ({ value: role, label: t(`usersPage.role.${role}`) }))}
            />
            <Select
              allowClear
              aria-label={t('usersPage.status')}
              placeholder={t('usersPage.status')}
              style={{ width: 150 }}
              value={filters.status}
              onChange={(status?: UserFilters['status']) => applyFilters({ ...filters, status })}
              options={USER_STATUSES.map((status) => ({
                value: status,
                label: t(`usersPage.statuses.${status}`),
              }))}
            />
          </Space>
        }
      >
        {users.isError ? (
          <QueryError
            title={t('usersPage.loadError')}
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        ) : (
          <UsersTable
            users={users.data?.list ?? []}
            loading={users.isFetching}
            canManage={canManage}
            selfId={selfId}
            empty={<Empty description={t('usersPage.empty')} />}
            pagination={{
              current: page,
              total: users.data?.total ?? 0,
              onChange: setPage,
            }}
            onEdit={(user) => setEditing({ user })}
            onPasswordReset={(user, password) => setShown({ username: user.username, password })}
          />
        )}
      </Card>
      {editing && (
        <Suspense fallback={null}>
          <UserFormModal
            user={editing.user}
            onClose={() => setEditing(null)}
            onCreated={(created) => {
              setEditing(null);
              if (created.temporaryPassword) {
                setShown({ username: created.user.username, password: created.temporaryPassword });
              }
            }}
          />
        </Suspense>
      )}
      {shown && <PasswordShownOnce {...shown} onClose={() => setShown(null)} />}
    </>
  );
}
