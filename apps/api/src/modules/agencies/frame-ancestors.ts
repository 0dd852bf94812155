import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PARTNER_CODE_PATTERN, isAllowedDomain } from '@portal/domain/agencies';
import type { Db } from '../../platform/db';
import { findAgencyByPartnerCode } from './agencies.repo';

/** The query parameter that names the agency a page is opened for (its partner code). */
export const AGENCY_PAGE_PARAM = 'agency';

const CSP = 'content-security-policy';

/** The partner code a page address carries (`/?agency=K7M3QX9B`), if well-formed. */
export function agencyCodeOf(url: string): string | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const code = new URLSearchParams(query).get(AGENCY_PAGE_PARAM)?.toUpperCase();
  return code && PARTNER_CODE_PATTERN.test(code) ? code : undefined;
}

/** The policy `csp` with `domains` added to its `frame-ancestors` (added as a directive if missing). */
export function withFrameAncestors(csp: string, domains: readonly string[]): string {
  const safe = domains.filter(isAllowedDomain);
  if (safe.length === 0) return csp;
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const at = directives.findIndex((d) => d.toLowerCase().startsWith('frame-ancestors'));
  if (at === -1) return csp; // no frame-ancestors: framing is not restricted; nothing to widen
  const current = directives[at] ?? '';
  const sources = current
    .split(/\s+/)
    .slice(1)
    .filter((s) => s !== "'none'");
  directives[at] = ['frame-ancestors', ...sources, ...safe.filter((d) => !sources.includes(d))].join(' ');
  return directives.join(';');
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

/**
 * Website access control (spec §3 allowed domains): a page of the web app opened with
 * `?agency=<partner code>` (the address an agency embeds, e.g. with the partner SSO parameters)
 * may be framed by that agency's allowed domains, on top of the site-wide `FRAME_ANCESTORS`.
 * All agencies share one host, so a page without the parameter keeps the site-wide list only.
 * API answers are JSON and never get the agency's domains.
 */
export function registerAgencyFrameAncestors(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.method !== 'GET' || !isHtml(reply)) return payload;
    const code = agencyCodeOf(request.url);
    const csp = reply.getHeader(CSP);
    if (!code || typeof csp !== 'string') return payload;
    const agency = await findAgencyByPartnerCode(db, code);
    if (agency && agency.allowedDomains.length > 0) {
      void reply.header(CSP, withFrameAncestors(csp, agency.allowedDomains));
    }
    return payload;
  });
}
