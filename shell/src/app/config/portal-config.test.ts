import { describe, expect, it, vi } from 'vitest';
import { defaultPortalConfig, loadPortalConfig, parsePortalConfig } from './portal-config';

describe('portal-config.json', () => {
  it('merges given values over the defaults', () => {
    const { config, problems } = parsePortalConfig({ filing: { com: ' A ' }, company: { privateDeploy: true } });
    expect(problems).toEqual([]);
    expect(config.filing).toEqual({ com: 'A', cn: '' });
    expect(config.company.privateDeploy).toBe(true);
    expect(config.company.ignorePart).toBe(false);
  });

  it('reports and ignores wrongly typed values', () => {
    const { config, problems } = parsePortalConfig({ company: { privateDeploy: 'yes' }, contact: { email: 5 } });
    expect(config).toEqual(defaultPortalConfig());
    expect(problems).toEqual(['company.privateDeploy must be true or false', 'contact.email must be a string']);
  });

  it('keeps the defaults when the file is missing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetcher = vi.fn().mockResolvedValue(new Response('not found', { status: 404 }));
    expect(await loadPortalConfig(fetcher)).toEqual(defaultPortalConfig());
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
