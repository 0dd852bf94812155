import { z } from 'zod';
import {
  MarkNotificationsRead,
  MarkNotificationsReadResult,
  NotificationListQuery,
  NotificationPage,
} from '../notifications';
import { defineRoute } from './contract';

const tags = ['notifications'];

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/base/v2/notifications',
  operationId: 'listNotifications',
  summary: "List the caller's notices",
  description:
    "One page of the caller's in-app notices (orders ticketed, refunds, payments...), newest first, with the unread count.",
  tags,
  query: NotificationListQuery,
  response: NotificationPage,
});

export const markNotificationsRead = defineRoute({
  method: 'POST',
  path: '/base/v2/notifications/read',
  operationId: 'markNotificationsRead',
  summary: 'Mark notices as read',
  description:
    'Marks the given notices of the caller, or all of them, as read; answers how many changed and the unread count.',
  tags,
  body: MarkNotificationsRead,
  response: MarkNotificationsReadResult,
});

export const getWebhookSecret = defineRoute({
  method: 'GET',
  path: '/base/v2/notifications/webhook-secret',
  operationId: 'getWebhookSecret',
  summary: "Read the agency's webhook signing secret",
  description:
    "For the agency's SuperUser: the secret the agency's webhook deliveries are signed with, so its systems can check them.",
  tags,
  response: z.object({ secret: z.string() }),
});
