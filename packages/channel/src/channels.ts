/**
 * The channel table of spec §3: which client a request comes from, sent as the `channel` header.
 * The spec names some codes and only describes the kind of others; the concrete software of each code
 * is this project's choice, documented in docs/channels.md.
 */
export type SoftwareType = 'CAD' | 'EDA' | 'CAE' | 'CAM';
export type ChannelLibrary = 'part' | 'component' | 'mat' | 'portal' | 'open' | 'management';

export interface ChannelEntry {
  code: number;
  /** The name a plugin reports and lookupChannel matches: a software name, or software name + file type. */
  lookupName?: string;
  softwareType?: SoftwareType;
  library: ChannelLibrary;
  nameZh: string;
  nameEn: string;
}

/** "The channel is set to the portal at start." */
export const PORTAL_CHANNEL = 960;
export const CADENCE_SYMBOL_CHANNEL = 201;
export const CADENCE_FOOTPRINT_CHANNEL = 206;

function eda(code: number, software: string, kind: 'Symbol' | 'Footprint', displayName: string): ChannelEntry {
  return {
    code,
    lookupName: `${software}${kind}`,
    softwareType: 'EDA',
    library: 'component',
    nameZh: `${displayName} ${kind === 'Symbol' ? '原理图符号' : 'PCB封装'}插件`,
    nameEn: `${displayName} ${kind === 'Symbol' ? 'symbol' : 'footprint'} plugin`,
  };
}

export const CHANNELS: readonly ChannelEntry[] = [
  { code: 100, library: 'part', nameZh: '门户-零部件库', nameEn: 'Portal parts library' },
  { code: 101, library: 'part', nameZh: '零部件库-移动端', nameEn: 'Parts library mobile site' },
  { code: 102, library: 'part', nameZh: '零部件库-小程序', nameEn: 'Parts library mini program' },
  { code: 103, library: 'part', nameZh: '开放平台API-零部件', nameEn: 'Open API parts' },
  { code: 105, lookupName: 'SolidWorks', softwareType: 'CAD', library: 'part', nameZh: 'SolidWorks 插件', nameEn: 'SolidWorks plugin' },
  { code: 106, lookupName: 'Creo', softwareType: 'CAD', library: 'part', nameZh: 'Creo 插件', nameEn: 'Creo plugin' },
  { code: 107, lookupName: 'NX', softwareType: 'CAD', library: 'part', nameZh: 'NX 插件', nameEn: 'NX plugin' },
  { code: 108, lookupName: 'CATIA', softwareType: 'CAD', library: 'part', nameZh: 'CATIA 插件', nameEn: 'CATIA plugin' },
  { code: 109, lookupName: 'Inventor', softwareType: 'CAD', library: 'part', nameZh: 'Inventor 插件', nameEn: 'Inventor plugin' },
  { code: 110, lookupName: 'AutoCAD', softwareType: 'CAD', library: 'part', nameZh: 'AutoCAD 插件', nameEn: 'AutoCAD plugin' },
  { code: 200, library: 'component', nameZh: '门户-元器件库', nameEn: 'Portal components library' },
  { code: 201, lookupName: 'OrCAD', softwareType: 'EDA', library: 'component', nameZh: 'Cadence OrCAD 原理图符号插件', nameEn: 'Cadence OrCAD symbol plugin' },
  { code: 202, library: 'component', nameZh: '开放平台API-元器件', nameEn: 'Open API components' },
  { code: 203, library: 'component', nameZh: '元器件库-移动端', nameEn: 'Components library mobile site' },
  { code: 204, library: 'component', nameZh: '元器件库-小程序', nameEn: 'Components library mini program' },
  {
    code: 206,
    lookupName: 'Allegro',
    softwareType: 'EDA',
    library: 'component',
    nameZh: 'Cadence Allegro PCB封装插件',
    nameEn: 'Cadence Allegro footprint plugin',
  },
  eda(207, 'Kicad', 'Symbol', 'KiCad'),
  eda(208, 'Kicad', 'Footprint', 'KiCad'),
  eda(209, 'Altium', 'Symbol', 'Altium Designer'),
  eda(210, 'Altium', 'Footprint', 'Altium Designer'),
  eda(211, 'Pads', 'Symbol', 'PADS'),
  eda(212, 'Pads', 'Footprint', 'PADS'),
  eda(213, 'Easyeda', 'Symbol', 'EasyEDA'),
  eda(214, 'Easyeda', 'Footprint', 'EasyEDA'),
  eda(215, 'Xpedition', 'Symbol', 'Xpedition'),
  eda(216, 'Xpedition', 'Footprint', 'Xpedition'),
  { code: 300, library: 'mat', nameZh: '门户-材料库', nameEn: 'Portal materials library' },
  { code: 301, lookupName: 'ANSYS', softwareType: 'CAE', library: 'mat', nameZh: 'ANSYS 插件', nameEn: 'ANSYS plugin' },
  { code: 302, lookupName: 'Abaqus', softwareType: 'CAE', library: 'mat', nameZh: 'Abaqus 插件', nameEn: 'Abaqus plugin' },
  { code: 303, lookupName: 'COMSOL', softwareType: 'CAE', library: 'mat', nameZh: 'COMSOL 插件', nameEn: 'COMSOL plugin' },
  { code: 304, lookupName: 'HyperWorks', softwareType: 'CAE', library: 'mat', nameZh: 'Altair HyperWorks 插件', nameEn: 'Altair HyperWorks plugin' },
  { code: 400, lookupName: 'Mastercam', softwareType: 'CAM', library: 'part', nameZh: 'Mastercam 插件', nameEn: 'Mastercam plugin' },
  { code: 900, library: 'open', nameZh: '开放平台', nameEn: 'Open platform' },
  { code: 901, library: 'open', nameZh: '开放平台-零部件', nameEn: 'Open platform parts' },
  { code: 902, library: 'open', nameZh: '开放平台-元器件', nameEn: 'Open platform components' },
  { code: 903, library: 'open', nameZh: '开放平台-材料', nameEn: 'Open platform materials' },
  { code: 904, library: 'management', nameZh: '运营平台', nameEn: 'Operations platform' },
  { code: PORTAL_CHANNEL, library: 'portal', nameZh: '门户', nameEn: 'Portal' },
];

const byCode = new Map(CHANNELS.map((entry) => [entry.code, entry]));
const byLookupName = new Map(CHANNELS.filter((entry) => entry.lookupName).map((entry) => [entry.lookupName!.toLowerCase(), entry.code]));

export function channelByCode(code: number): ChannelEntry | undefined {
  return byCode.get(code);
}

export function isKnownChannel(code: unknown): boolean {
  return typeof code === 'number' && byCode.has(code);
}

/** Display name of a channel in the UI language; undefined for unknown codes. */
export function channelLabel(code: number, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string | undefined {
  const entry = byCode.get(code);
  if (!entry) return undefined;
  return locale === 'en-US' ? entry.nameEn : entry.nameZh;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** A channel given as text (query parameter) when it is a known code; anything else is ignored. */
export function parseChannel(value: unknown): number | undefined {
  const textValue = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(textValue)) return undefined;
  const code = Number(textValue);
  return byCode.has(code) ? code : undefined;
}

export interface ChannelLookup {
  softwareName?: string | null;
  fileType?: string | null;
  /** The `channel` query parameter, which wins when it names a known channel. */
  queryChannel?: string | number | null;
}

/**
 * The channel of a plugin page (spec §3): the query's channel if it is a known code; else the software
 * name matched directly; Cadence through its file type (symbol → 201, footprint → 206); else the
 * software name plus the capitalised file type ('Kicad' + 'symbol' → 'KicadSymbol' → 207). Names
 * match case-insensitively. Undefined when nothing matches (the caller keeps the portal channel).
 */
export function lookupChannel({ softwareName, fileType, queryChannel }: ChannelLookup): number | undefined {
  const fromQuery = parseChannel(queryChannel);
  if (fromQuery !== undefined) return fromQuery;
  const name = (softwareName ?? '').trim();
  if (!name) return undefined;
  const direct = byLookupName.get(name.toLowerCase());
  if (direct !== undefined) return direct;
  const type = (fileType ?? '').trim().toLowerCase();
  if (name.toLowerCase() === 'cadence') {
    if (type === 'symbol') return CADENCE_SYMBOL_CHANNEL;
    if (type === 'footprint') return CADENCE_FOOTPRINT_CHANNEL;
    return undefined;
  }
  if (!type) return undefined;
  return byLookupName.get(`${name}${capitalise(type)}`.toLowerCase());
}
