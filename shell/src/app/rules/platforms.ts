import type { PlatformKey } from '@portal/session';
import type { HeaderType } from './header-rules';

/** The four platforms (spec §1) in picker order, with their i18n label keys. */
export const PLATFORMS: readonly { val: PlatformKey; labelKey: string }[] = [
  { val: 'management', labelKey: 'platform.management' },
  { val: 'part', labelKey: 'platform.part' },
  { val: 'component', labelKey: 'platform.component' },
  { val: 'mat', labelKey: 'platform.mat' },
];

/**
 * Entry visibility by type (spec §6): the materials type hides the management entry and keeps the
 * materials entry; every other type hides both management and materials.
 */
export function visiblePlatforms(type: HeaderType): { val: PlatformKey; labelKey: string }[] {
  return PLATFORMS.filter((platform) => {
    if (platform.val === 'management') return false;
    if (platform.val === 'mat') return type === 'mat';
    return true;
  });
}
