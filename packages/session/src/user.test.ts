import { canSwitchEnterpriseLibrary, hasPermission, isBlocked, isOrgAdmin, isPlatformUser, isPrivateDeploymentUser } from './user';

describe('isBlocked', () => {
  it('is true for orgId 1 or a disabled organisation', () => {
    expect(isBlocked({ orgId: 1, orgEnable: true })).toBe(true);
    expect(isBlocked({ orgId: 8, orgEnable: false })).toBe(true);
    expect(isBlocked({ orgId: 8, orgEnable: true })).toBe(false);
    expect(isBlocked({ orgId: 0 })).toBe(false);
    expect(isBlocked(null)).toBe(false);
  });
});

describe('isPlatformUser', () => {
  it('is true for orgId 0 only', () => {
    expect(isPlatformUser({ orgId: 0 })).toBe(true);
    expect(isPlatformUser({ orgId: 2 })).toBe(false);
    expect(isPlatformUser({ orgId: null })).toBe(false);
    expect(isPlatformUser(undefined)).toBe(false);
  });
});

describe('isPrivateDeploymentUser', () => {
  it('is true for orgId above 1', () => {
    expect(isPrivateDeploymentUser({ orgId: 2 })).toBe(true);
    expect(isPrivateDeploymentUser({ orgId: 1 })).toBe(false);
    expect(isPrivateDeploymentUser({ orgId: 0 })).toBe(false);
    expect(isPrivateDeploymentUser({})).toBe(false);
  });
});

describe('isOrgAdmin', () => {
  it('needs the flag, orgId > 1 and an organisation that is not disabled', () => {
    expect(isOrgAdmin({ orgId: 5, orgAdmin: true })).toBe(true);
    expect(isOrgAdmin({ orgId: 5, orgAdmin: true, orgEnable: true })).toBe(true);
    expect(isOrgAdmin({ orgId: 5, orgAdmin: false })).toBe(false);
    expect(isOrgAdmin({ orgId: 5 })).toBe(false);
    expect(isOrgAdmin({ orgId: 5, orgAdmin: true, orgEnable: false })).toBe(false);
    expect(isOrgAdmin({ orgId: 1, orgAdmin: true })).toBe(false);
    expect(isOrgAdmin({ orgId: 0, orgAdmin: true })).toBe(false);
    expect(isOrgAdmin(null)).toBe(false);
  });
});

describe('canSwitchEnterpriseLibrary', () => {
  const member = { orgId: 5, businessScope: [3, 1] };
  it('needs orgId > 1, scope 1 and the parts library', () => {
    expect(canSwitchEnterpriseLibrary(member, 'part')).toBe(true);
    expect(canSwitchEnterpriseLibrary(member, 'component')).toBe(false);
    expect(canSwitchEnterpriseLibrary({ orgId: 5, businessScope: [2] }, 'part')).toBe(false);
    expect(canSwitchEnterpriseLibrary({ orgId: 1, businessScope: [1] }, 'part')).toBe(false);
    expect(canSwitchEnterpriseLibrary({ orgId: 5 }, 'part')).toBe(false);
    expect(canSwitchEnterpriseLibrary(null, 'part')).toBe(false);
  });
});

describe('hasPermission', () => {
  it('is true when any required code is held', () => {
    expect(hasPermission(['a:b:c', 'x:y:z'], ['q', 'x:y:z'])).toBe(true);
    expect(hasPermission(['a:b:c'], 'a:b:c')).toBe(true);
    expect(hasPermission(['a:b:c'], ['q'])).toBe(false);
    expect(hasPermission(undefined, ['q'])).toBe(false);
  });
  it('grants everything to *:*:*', () => {
    expect(hasPermission(['*:*:*'], ['anything:at:all'])).toBe(true);
  });
  it('throws 未设置权限值 for an empty value', () => {
    expect(() => hasPermission(['*:*:*'], [])).toThrow('未设置权限值');
    expect(() => hasPermission(['a'], '')).toThrow('未设置权限值');
  });
});
