import type { Rule } from 'eslint';

export function locate(repoPath: string): { kind: 'app' | 'package' | 'other'; name: string; rest: string[] };
export function featureOf(location: ReturnType<typeof locate>): { name: string; rest: string[] } | undefined;
export function violation(fromPath: string, specifier: string, appPackages: Record<string, string>): string | undefined;
export function importBoundariesRule(options: { repoRoot: string; appPackages: Record<string, string> }): Rule.RuleModule;
