import type { ComponentParameter } from './types';

/**
 * A parameter's value for a table that shows its conditions in a column of their own: the server's
 * `display` ends with ` @ <conditions>` (`10mΩ @ 4.5V`, `64KB @ Flash`), which would say them twice.
 */
export function valueWithoutConditions(parameter: Pick<ComponentParameter, 'display' | 'conditions'>): string {
  const suffix = parameter.conditions ? ` @ ${parameter.conditions}` : '';
  return suffix && parameter.display.endsWith(suffix) ? parameter.display.slice(0, -suffix.length) : parameter.display;
}
