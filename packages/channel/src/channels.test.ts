import { CHANNELS, channelByCode, channelLabel, isKnownChannel, lookupChannel, parseChannel, PORTAL_CHANNEL } from './channels';

describe('CHANNELS', () => {
  it('covers every code of spec §3 exactly once', () => {
    const expected = [
      100,
      101,
      102,
      103,
      105,
      106,
      107,
      108,
      109,
      110,
      200,
      201,
      202,
      203,
      204,
      206,
      ...Array.from({ length: 10 }, (_, i) => 207 + i),
      300,
      301,
      302,
      303,
      304,
      400,
      900,
      901,
      902,
      903,
      904,
      960,
    ];
    expect(CHANNELS.map((entry) => entry.code)).toEqual(expected);
  });
  it('has unique lookup names and both languages for every entry', () => {
    const names = CHANNELS.flatMap((entry) => (entry.lookupName ? [entry.lookupName.toLowerCase()] : []));
    expect(new Set(names).size).toBe(names.length);
    for (const entry of CHANNELS) {
      expect(entry.nameZh).not.toBe('');
      expect(entry.nameEn).not.toBe('');
    }
  });
  it('pairs 207-216 as symbol/footprint of five EDA tools', () => {
    for (let code = 207; code <= 216; code += 2) {
      expect(channelByCode(code)?.lookupName).toMatch(/Symbol$/);
      expect(channelByCode(code + 1)?.lookupName).toBe(channelByCode(code)!.lookupName!.replace('Symbol', 'Footprint'));
      expect(channelByCode(code)?.softwareType).toBe('EDA');
    }
  });
});

describe('PORTAL_CHANNEL', () => {
  it('is 960', () => {
    expect(PORTAL_CHANNEL).toBe(960);
    expect(channelByCode(PORTAL_CHANNEL)?.library).toBe('portal');
  });
});

describe('channelByCode / isKnownChannel / channelLabel', () => {
  it('find entries by code', () => {
    expect(channelByCode(105)?.lookupName).toBe('SolidWorks');
    expect(channelByCode(104)).toBeUndefined();
    expect(isKnownChannel(201)).toBe(true);
    expect(isKnownChannel(205)).toBe(false);
    expect(isKnownChannel('201')).toBe(false);
    expect(channelLabel(201)).toBe('Cadence OrCAD 原理图符号插件');
    expect(channelLabel(208, 'en-US')).toBe('KiCad footprint plugin');
    expect(channelLabel(1)).toBeUndefined();
  });
});

describe('parseChannel', () => {
  it('accepts known codes as text or number only', () => {
    expect(parseChannel('207')).toBe(207);
    expect(parseChannel(' 960 ')).toBe(960);
    expect(parseChannel(300)).toBe(300);
    expect(parseChannel('999')).toBeUndefined();
    expect(parseChannel('20x')).toBeUndefined();
    expect(parseChannel('-201')).toBeUndefined();
    expect(parseChannel(null)).toBeUndefined();
  });
});

describe('lookupChannel', () => {
  it('matches the software name directly, ignoring case', () => {
    expect(lookupChannel({ softwareName: 'SolidWorks' })).toBe(105);
    expect(lookupChannel({ softwareName: 'solidworks', fileType: 'part' })).toBe(105);
    expect(lookupChannel({ softwareName: 'ANSYS' })).toBe(301);
    expect(lookupChannel({ softwareName: 'Mastercam' })).toBe(400);
  });
  it('resolves Cadence through the file type', () => {
    expect(lookupChannel({ softwareName: 'Cadence', fileType: 'symbol' })).toBe(201);
    expect(lookupChannel({ softwareName: 'cadence', fileType: 'Footprint' })).toBe(206);
    expect(lookupChannel({ softwareName: 'Cadence', fileType: '3d' })).toBeUndefined();
    expect(lookupChannel({ softwareName: 'Cadence' })).toBeUndefined();
  });
  it('tries the software name plus the capitalised file type', () => {
    expect(lookupChannel({ softwareName: 'Kicad', fileType: 'symbol' })).toBe(207);
    expect(lookupChannel({ softwareName: 'Kicad', fileType: 'FOOTPRINT' })).toBe(208);
    expect(lookupChannel({ softwareName: 'Altium', fileType: 'footprint' })).toBe(210);
    expect(lookupChannel({ softwareName: 'Xpedition', fileType: 'symbol' })).toBe(215);
    expect(lookupChannel({ softwareName: 'Kicad' })).toBeUndefined();
    expect(lookupChannel({ softwareName: 'Kicad', fileType: 'model' })).toBeUndefined();
  });
  it('lets a known query channel override', () => {
    expect(lookupChannel({ softwareName: 'Kicad', fileType: 'symbol', queryChannel: '105' })).toBe(105);
    expect(lookupChannel({ queryChannel: 960 })).toBe(960);
    expect(lookupChannel({ softwareName: 'Kicad', fileType: 'symbol', queryChannel: 'evil' })).toBe(207);
  });
  it('gives undefined for unknown software', () => {
    expect(lookupChannel({ softwareName: 'Paint' })).toBeUndefined();
    expect(lookupChannel({})).toBeUndefined();
  });
});
