import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SiteConfig } from '@portal/domain/auth';
import { SiteConfigBody } from '@portal/domain/platform-site';
import { createLocalFileStorage } from '../../platform/files';
import { body, useTestApp } from '../../test/app';
import {
  putSiteImage,
  readSiteImage,
  readStoredSite,
  type RecordSiteAction,
  updateSiteConfig,
} from './site-admin';

const t = useTestApp();

function depsOf() {
  const recorded: Parameters<RecordSiteAction>[1][] = [];
  const images = createLocalFileStorage(path.join(os.tmpdir(), 'portal-api-test', 'site-images'));
  return {
    recorded,
    images,
    deps: {
      db: t.database.db,
      now: () => new Date(),
      images,
      record: (async (_tx, entry) => {
        recorded.push(entry);
      }) satisfies RecordSiteAction,
    },
  };
}

const edit = {
  name: 'Harbour Travel Portal',
  shortName: 'Harbour',
  chineseName: '港湾商旅平台',
  chineseShortName: '港湾商旅',
  traditionalName: '港灣商旅平台',
  traditionalShortName: '港灣商旅',
  dateFormat: 'dd/MM/yyyy',
  defaultCurrency: 'HKD',
  defaultLanguage: 'en',
  currencies: ['HKD', 'CNY', 'USD'],
  isIcp: true,
  icpCode: '粤ICP备12345678号-1',
  isNetworkSecurity: false,
  networkSecurityCode: '',
};

describe('site config edited by the platform', () => {
  it('the domain refuses a default currency not offered and a code missing under its flag', () => {
    const result = SiteConfigBody.safeParse({ ...edit, defaultCurrency: 'EUR', isNetworkSecurity: true });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'defaultCurrency:platformRates.site.error.defaultCurrencyOffered',
        'networkSecurityCode:platformRates.site.error.networkSecurityCodeRequired',
      ]),
    );
  });

  it('a change is served by getSiteConfig at once and audited with before and after', async () => {
    const { deps, recorded } = depsOf();
    await updateSiteConfig(deps, SiteConfigBody.parse(edit));
    const res = await t.app.inject({ url: '/base/v2/config/getSiteConfig' });
    const site = SiteConfig.parse(body(res).data);
    expect(site).toMatchObject({ ...edit, logo: '/logo.svg' });
    expect(site.rateMap.USD).toBe('0.1389');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      action: 'siteConfig.update',
      before: { name: 'TripBridge B2B Travel Portal' },
      after: { name: 'Harbour Travel Portal' },
    });
  });

  it('an uploaded favicon is decoded and redrawn as a 64 px PNG, served publicly', async () => {
    const { deps, images } = depsOf();
    const upload = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
    })
      .jpeg()
      .toBuffer();
    const stored = await putSiteImage(deps, 'favicon', upload);
    expect(stored.favicon).toMatch(/^\/base\/v2\/config\/site-images\/[0-9a-f]{32}$/);
    expect((await readStoredSite(t.database.db)).favicon).toBe(stored.favicon);
    const id = stored.favicon.split('/').pop() ?? '';
    const file = await readSiteImage(images, id);
    const meta = await sharp(file.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 64 });

    const res = await t.app.inject({ url: stored.favicon });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('a file that is not an image, or does not decode, is 415 and changes nothing', async () => {
    const { deps } = depsOf();
    const png = await sharp({
      create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const truncated = png.subarray(0, png.length - 20);
    await expect(putSiteImage(deps, 'logo', Buffer.from('<svg onload="x"/>'))).rejects.toMatchObject({
      errorName: 'UPLOAD_TYPE_NOT_ALLOWED',
    });
    await expect(putSiteImage(deps, 'logo', truncated)).rejects.toMatchObject({
      errorName: 'UPLOAD_TYPE_NOT_ALLOWED',
    });
    expect((await readStoredSite(t.database.db)).logo).toBe('/logo.svg');
  });
});
