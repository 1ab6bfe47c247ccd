import { avatarAddressProblem } from './personal-center';

describe('avatarAddressProblem', () => {
  it('accepts http(s) URLs, site paths and an empty value (clears the avatar)', () => {
    expect(avatarAddressProblem('https://cdn.example.com/a.png')).toBeUndefined();
    expect(avatarAddressProblem('/to/api/base/file/content/get/1')).toBeUndefined();
    expect(avatarAddressProblem('')).toBeUndefined();
  });

  it('refuses other schemes, relative words and addresses with spaces', () => {
    expect(avatarAddressProblem('javascript:alert(1)')).toBe('invalid');
    expect(avatarAddressProblem('avatar.png')).toBe('invalid');
    expect(avatarAddressProblem('/a b.png')).toBe('invalid');
  });
});
