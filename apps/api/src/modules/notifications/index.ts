/** What the notifications module offers the other modules; nothing else of it may be imported. */
export { queueAgencyEmail } from './agency-email';
export type { AgencyEmail } from './agency-email';
export { webhookSecret } from './delivery';
export { notifications, outboundMessages } from './notifications.schema';
export { notifyAgencyEvent, notifyGroupOrderEvent, notifyOrderEvent, queueWebhook } from './notify';
export { signWebhook, webhookUrlProblem } from './webhook';
export { queuePlatformEmail } from './platform-email';
export type { PlatformEmail } from './platform-email';
export { escapeHtml } from './email-templates';
export type { WebhookTargetRule } from './webhook';
export type { NotifiedFlightOrder } from './notify';
export type { EmailAmount, EmailDetails, EmailFlight, EmailPassenger } from './email-templates';
export type { EmailAttachmentRequest, MailAttachment, RenderAttachment } from './attachments';
