import { contactItems, hasNoDirectContact } from './contact-items';

const empty = { hotline: '', email: '', address: '', qrImage: '' };

describe('contactItems (issue 12: configured values only)', () => {
  it('shows only the service hours when nothing is configured', () => {
    expect(contactItems(empty)).toEqual([{ key: 'hours' }]);
    expect(hasNoDirectContact(empty)).toBe(true);
  });

  it('keeps the spec order and trims the values', () => {
    const items = contactItems({ hotline: ' 400-820-0000 ', email: 'service@example.com', address: '上海市浦东新区', qrImage: '' });
    expect(items).toEqual([
      { key: 'hotline', value: '400-820-0000' },
      { key: 'email', value: 'service@example.com' },
      { key: 'hours' },
      { key: 'address', value: '上海市浦东新区' },
    ]);
    expect(hasNoDirectContact({ ...empty, email: 'service@example.com' })).toBe(false);
  });

  it('hides a blank item between configured ones', () => {
    expect(contactItems({ ...empty, hotline: '400-820-0000', address: '   ' }).map((item) => item.key)).toEqual(['hotline', 'hours']);
  });
});
