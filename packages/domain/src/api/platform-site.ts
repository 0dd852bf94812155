import { SiteConfigBody, SiteImageParams, StoredSiteConfig } from '../platform-site';
import { defineRoute } from './contract';

const tags = ['platform'];

export const getPlatformSite = defineRoute({
  method: 'GET',
  path: '/platform/v2/site',
  operationId: 'getPlatformSite',
  summary: 'Read the site config to edit it',
  description: 'The site config as stored (what getSiteConfig serves, without the rate map).',
  tags,
  response: StoredSiteConfig,
});

export const updatePlatformSite = defineRoute({
  method: 'PUT',
  path: '/platform/v2/site',
  operationId: 'updatePlatformSite',
  summary: 'Change the site config',
  description:
    'Names, currencies offered, default language and currency, date format, ICP and network ' +
    'security codes with their flags. The default currency must be offered; a code is required ' +
    'when its flag is on. Served by getSiteConfig at once. Audited (`siteConfig.update`).',
  tags,
  body: SiteConfigBody,
  response: StoredSiteConfig,
});

export const uploadSiteImage = defineRoute({
  method: 'POST',
  path: '/platform/v2/site/images/:kind',
  operationId: 'uploadSiteImage',
  summary: 'Upload the logo, white logo or favicon',
  description:
    'One multipart `file` part, a PNG or JPEG of at most 2 MB, decoded and drawn again as a PNG ' +
    '(logos within 400 x 160, the favicon 64 x 64). Audited (`siteConfig.update`).',
  tags,
  params: SiteImageParams,
  consumes: 'multipart/form-data',
  response: StoredSiteConfig,
});
