import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as notificationsApi from '@portal/domain/api/notifications';
import { fromContract } from '../../platform/route-contract';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { webhookSecret } from './delivery';
import { noticeOwner } from './notifications.policy';
import { presentNotice } from './notifications.presenter';
import { countNotices, listNotices, markNoticesRead } from './notifications.repo';

export interface NotificationRoutesOptions {
  db: Db;
  now: () => Date;
}

/** The caller's in-app notices, marking them read, and the agency's webhook signing secret. */
export async function notificationRoutes(fastify: FastifyInstance, { db, now }: NotificationRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(notificationsApi.listNotifications),
    config: { access: 'session' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const owner = noticeOwner(ctx);
      const { page, pageSize, unreadOnly } = request.query;
      const [rows, counts] = await Promise.all([
        listNotices(db, owner, {
          offset: (page - 1) * pageSize,
          limit: pageSize,
          unreadOnly: unreadOnly === true,
        }),
        countNotices(db, owner),
      ]);
      return ok({
        list: rows.map(presentNotice),
        total: unreadOnly === true ? counts.unread : counts.total,
        page,
        pageSize,
        unread: counts.unread,
      });
    },
  });

  app.route({
    ...fromContract(notificationsApi.markNotificationsRead),
    config: { access: 'session' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const owner = noticeOwner(ctx);
      const ids = 'ids' in request.body ? request.body.ids : 'all';
      const updated = await markNoticesRead(db, owner, ids, now());
      const { unread } = await countNotices(db, owner);
      return ok({ updated, unread });
    },
  });

  app.route({
    ...fromContract(notificationsApi.getWebhookSecret),
    config: { access: 'superuser' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok({ secret: await webhookSecret(db, ctx.agency.id) });
    },
  });
}
