import { z } from 'zod';
import { ExchangeRates, SiteConfig } from '../auth';
import { SiteImageFileParams } from '../platform-site';
import { defineRoute } from './contract';

const tags = ['site'];

export const getSiteConfig = defineRoute({
  method: 'GET',
  path: '/base/v2/config/getSiteConfig',
  operationId: 'getSiteConfig',
  summary: "Read the site's public settings",
  description:
    "What the portal shows before anyone logs in: the site's names in each language and its logos.",
  tags,
  response: SiteConfig,
});

export const getExchangeRates = defineRoute({
  method: 'GET',
  path: '/base/v2/exchangeRates',
  operationId: 'getExchangeRates',
  summary: 'Read the exchange rates',
  description:
    "Today's exchange rates the portal converts display prices with (prices are charged in the " +
    "order's currency). Public.",
  tags,
  response: ExchangeRates,
});

export const getSiteImage = defineRoute({
  method: 'GET',
  path: '/base/v2/config/site-images/:id',
  operationId: 'getSiteImage',
  summary: 'Download a site image',
  description:
    "The site's logo, white logo or favicon as the platform uploaded it (a PNG the server drew again); " +
    'public, its address changes with each upload.',
  tags,
  params: SiteImageFileParams,
  response: 'image',
});

export const healthz = defineRoute({
  method: 'GET',
  path: '/healthz',
  operationId: 'healthz',
  summary: 'Liveness check',
  description: 'Answers ok while the process serves requests; for the load balancer and the orchestrator.',
  tags,
  response: z.object({ status: z.literal('ok') }),
});

export const readyz = defineRoute({
  method: 'GET',
  path: '/readyz',
  operationId: 'readyz',
  summary: 'Readiness check',
  description:
    'Answers ready with the database kind once the database answers; 503 SERVICE_UNAVAILABLE while it ' +
    'does not, so no traffic is sent to this instance.',
  tags,
  response: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
});
