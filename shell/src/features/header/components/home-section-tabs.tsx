import { Anchor } from 'antd';
import { useTranslation } from 'react-i18next';

/** The home page's section ids; the header shows them as a tab list on home (spec §2 Header). */
export const HOME_SECTIONS = ['libraries', 'features', 'plugins'] as const;

export function homeSectionId(section: (typeof HOME_SECTIONS)[number]): string {
  return `home-${section}`;
}

export function HomeSectionTabs() {
  const { t } = useTranslation('shell');
  return (
    <div className="home-section-tabs" data-testid="home-section-tabs">
      <Anchor
        direction="horizontal"
        targetOffset={120}
        items={HOME_SECTIONS.map((section) => ({
          key: section,
          href: `#${homeSectionId(section)}`,
          title: t(`home.sections.${section}`),
        }))}
      />
    </div>
  );
}
