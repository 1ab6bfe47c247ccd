/**
 * Where an unknown WeChat account registers (spec §2): /wechatregister, or /plugin/wechatregister when
 * the redirect points into the plugin. The openId and redirect travel in the query.
 */
export function wechatRegisterPath({ openId, redirect }: { openId: string; redirect?: string }): string {
  const base = redirect && redirect.includes('/plugin') ? '/plugin/wechatregister' : '/wechatregister';
  const query = new URLSearchParams({ openId });
  if (redirect) query.set('redirect', redirect);
  return `${base}?${query.toString()}`;
}
