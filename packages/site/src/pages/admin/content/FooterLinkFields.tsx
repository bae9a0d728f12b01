import type { KindFormProps } from './contentDraft';
import { LinkField } from './TextInput';

/** A footer link's own field: where it links to (its column heading is kept as it is). */
export function FooterLinkFields({ fields, onChange }: KindFormProps<'footer_link'>) {
  return <LinkField fields={fields} onChange={onChange} />;
}
