import { useTranslation } from 'react-i18next';
import { Card, PageFrame } from '../../app/ui';
import { useRouteName } from '../../app/useRouteName';

const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  Download: ['software', 'configure', 'start'],
  Terms: ['service', 'account', 'payouts', 'liability'],
  AboutUs: ['mission', 'payout', 'contact'],
};

/** The information pages: download, terms of service and about us. */
export function Component() {
  const { t } = useTranslation();
  const name = useRouteName();
  const sections = SECTIONS[name] ?? [];
  return (
    <PageFrame title={t(`site.routes.${name}`)} subtitle={t(`site.info.${name}.intro`)}>
      {sections.map((section) => (
        <Card key={section} title={t(`site.info.${name}.${section}.title`)}>
          <p>{t(`site.info.${name}.${section}.text`)}</p>
        </Card>
      ))}
    </PageFrame>
  );
}
