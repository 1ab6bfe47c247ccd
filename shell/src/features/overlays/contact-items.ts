/** The deployment's contact data (portal-config.json `contact`). */
export interface ContactConfig {
  hotline: string;
  email: string;
  address: string;
  qrImage: string;
}

export type ContactItemKey = 'hotline' | 'email' | 'hours' | 'address';

export interface ContactItem {
  key: ContactItemKey;
  /** The configured value; `hours` has none (fixed text in the i18n catalogue). */
  value?: string;
}

/**
 * What the contact-us block shows (spec §1 order: hotline, e-mail, service hours, address): the items
 * the deployment configured, plus the service hours, which are fixed. An item the deployment left empty
 * is hidden, never shown as "not configured" (issue 12).
 */
export function contactItems(contact: ContactConfig): ContactItem[] {
  const items: ContactItem[] = [];
  const hotline = contact.hotline.trim();
  const email = contact.email.trim();
  const address = contact.address.trim();
  if (hotline) items.push({ key: 'hotline', value: hotline });
  if (email) items.push({ key: 'email', value: email });
  items.push({ key: 'hours' });
  if (address) items.push({ key: 'address', value: address });
  return items;
}

/** True when the deployment gave no way to reach it (no hotline, no e-mail): the block points to feedback. */
export function hasNoDirectContact(contact: ContactConfig): boolean {
  return !contact.hotline.trim() && !contact.email.trim();
}
