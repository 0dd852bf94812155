import { eq } from 'drizzle-orm';
import type { SiteConfig } from '@portal/domain/auth';
import { type SiteConfigBody, siteImagePath, type SiteImageKind } from '@portal/domain/platform-site';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files';
import { SITE_CONFIG_KEY } from './site.repo';
import { siteSettings } from './site.schema';
import { prepareSiteImage } from './site-image';

/** The stored site config: everything `getSiteConfig` serves but the rate map. */
export type StoredSiteConfig = Omit<SiteConfig, 'rateMap'> & Record<string, unknown>;

/** Writes one entry of the platform audit log in the caller's transaction (`recordPlatformAction`). */
export type RecordSiteAction = (
  tx: Db,
  entry: {
    action: 'siteConfig.update';
    targetType: string;
    targetId?: string | null;
    before?: unknown;
    after?: unknown;
  },
) => Promise<void>;

export interface SiteAdminDeps {
  db: Db;
  now: () => Date;
  /** Where uploaded site images are kept. */
  images: FileStorage;
  record: RecordSiteAction;
}

async function lockStored(tx: Db): Promise<StoredSiteConfig> {
  const [row] = await tx
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.key, SITE_CONFIG_KEY))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE');
  return row.value as StoredSiteConfig;
}

async function write(tx: Db, value: StoredSiteConfig, at: Date): Promise<void> {
  await tx.update(siteSettings).set({ value, updatedAt: at }).where(eq(siteSettings.key, SITE_CONFIG_KEY));
}

/** GET /platform/v2/site: the stored site config as the platform edits it. */
export async function readStoredSite(db: Db): Promise<StoredSiteConfig> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SITE_CONFIG_KEY)).limit(1);
  if (!row) throw new AppError('SERVICE_UNAVAILABLE');
  return row.value as StoredSiteConfig;
}

/**
 * PUT /platform/v2/site: replaces the editable fields (checked by `SiteConfigBody`); the images
 * and any field this body does not carry stay. `getSiteConfig` reads the row on every call, so
 * the change is served at once; the web refetches it after 10 minutes (spec §3).
 */
export async function updateSiteConfig(deps: SiteAdminDeps, body: SiteConfigBody): Promise<StoredSiteConfig> {
  return deps.db.transaction(async (tx) => {
    const before = await lockStored(tx);
    const after: StoredSiteConfig = { ...before, ...body };
    await write(tx, after, deps.now());
    await deps.record(tx, { action: 'siteConfig.update', targetType: 'siteConfig', before, after });
    return after;
  });
}

const STORED_PREFIX = siteImagePath('');

/**
 * POST /platform/v2/site/images/:kind: stores the image drawn again by sharp and points the site
 * config at it; the image it replaces is removed once the change is committed.
 */
export async function putSiteImage(
  deps: SiteAdminDeps,
  kind: SiteImageKind,
  upload: Buffer,
): Promise<StoredSiteConfig> {
  const png = await prepareSiteImage(upload, kind);
  const fileId = await deps.images.put(png, { contentType: 'image/png' });
  let replaced: string | undefined;
  let after: StoredSiteConfig;
  try {
    after = await deps.db.transaction(async (tx) => {
      const before = await lockStored(tx);
      const next: StoredSiteConfig = { ...before, [kind]: siteImagePath(fileId) };
      await write(tx, next, deps.now());
      await deps.record(tx, {
        action: 'siteConfig.update',
        targetType: 'siteConfig',
        targetId: kind,
        before: { [kind]: before[kind] },
        after: { [kind]: next[kind] },
      });
      replaced = before[kind];
      return next;
    });
  } catch (error) {
    await deps.images.remove(fileId);
    throw error;
  }
  if (replaced?.startsWith(STORED_PREFIX)) await deps.images.remove(replaced.slice(STORED_PREFIX.length));
  return after;
}

/** GET /base/v2/config/site-images/:id (public): a stored site image; unknown 404. */
export async function readSiteImage(images: FileStorage, id: string): Promise<StoredFile> {
  const file = await images.get(id);
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
