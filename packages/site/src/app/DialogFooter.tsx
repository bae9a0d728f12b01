import { Button, DialogClose } from '@poolkit/widgets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog's footer: "Cancel", which closes the dialog, then `children` (its action). */
export function DialogFooter({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogClose>
        <Button variant="secondary">{t('common.cancel')}</Button>
      </DialogClose>
      {children}
    </>
  );
}
