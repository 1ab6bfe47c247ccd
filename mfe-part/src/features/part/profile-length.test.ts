import { downloadName, formatLength, modelUrl, PROFILE_LENGTH, readLength } from './profile-length';

const profileStep = { format: 'step', url: '/to/api/public/part/item/9/model/step', fileName: 'profile_IPE_IPE100.step', lengthRequired: true };
const screwStep = { format: 'step', url: '/to/api/public/part/item/3/model/step', fileName: 'socket_head_cap_iso4762_M6-1x20.step', lengthRequired: false };

describe('profile length', () => {
  it('defaults to one metre and reads plain millimetres', () => {
    expect(readLength(null)).toEqual({ length: PROFILE_LENGTH.default });
    expect(readLength('  ')).toEqual({ length: 1000 });
    expect(readLength('500')).toEqual({ length: 500 });
    expect(readLength('1250.5')).toEqual({ length: 1250.5 });
    expect(readLength('10')).toEqual({ length: 10 });
    expect(readLength('20000')).toEqual({ length: 20000 });
  });

  it('refuses what the model route refuses', () => {
    expect(readLength('9.99')).toEqual({ problem: 'outOfRange' });
    expect(readLength('20001')).toEqual({ problem: 'outOfRange' });
    expect(readLength('0')).toEqual({ problem: 'outOfRange' });
    expect(readLength('-5')).toEqual({ problem: 'notNumber' });
    expect(readLength('1e3')).toEqual({ problem: 'notNumber' });
    expect(readLength('500mm')).toEqual({ problem: 'notNumber' });
    expect(readLength('abc')).toEqual({ problem: 'notNumber' });
  });

  it('writes the length as the server names files', () => {
    expect(formatLength(500)).toBe('500');
    expect(formatLength(1250.5)).toBe('1250.5');
    expect(formatLength(10.0004)).toBe('10');
  });

  it('adds the length to a profile model URL and file name only', () => {
    expect(modelUrl(profileStep, 500)).toBe('/to/api/public/part/item/9/model/step?length=500');
    expect(downloadName(profileStep, 500)).toBe('profile_IPE_IPE100x500.step');
    expect(modelUrl(screwStep, 500)).toBe(screwStep.url);
    expect(downloadName(screwStep, 500)).toBe(screwStep.fileName);
    expect(modelUrl(profileStep, undefined)).toBe(profileStep.url);
  });
});
