import { getPluginState } from '@portal/session';

/** The shell marks plugin mode on `<html data-plugin>`; a CAE host (swType CAE) gets the export first. */
export function isCaePlugin(): boolean {
  if (typeof document === 'undefined' || !document.documentElement.dataset.plugin) return false;
  return getPluginState()?.softwareType === 'CAE';
}
