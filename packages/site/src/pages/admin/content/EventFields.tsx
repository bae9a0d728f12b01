import { type EventBlockType, eventBlockTypeSchema } from '@poolkit/core';
import { Button, FormField, Input } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { uiStyles } from '../../../app/ui';
import * as styles from '../admin.css';
import { type BlockDraft, blankTexts, type KindFormProps } from './contentDraft';
import { BodyFields, TextInput } from './TextInput';

/** The field of a block that is not a text: a banner's picture, the machines, a coupon's code. */
const BLOCK_FIELD: Record<
  EventBlockType,
  { key: 'image_url' | 'machines' | 'code'; label: string } | null
> = {
  banner: { key: 'image_url', label: 'content.fieldImage' },
  text: null,
  machines: { key: 'machines', label: 'content.fieldMachines' },
  coupon: { key: 'code', label: 'content.fieldCode' },
};

/** One block of an event: its own field, its text in the five languages, and its removal. */
function BlockEditor({
  block,
  index,
  onChange,
  onRemove,
}: {
  block: BlockDraft;
  index: number;
  onChange: (patch: Partial<BlockDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const field = BLOCK_FIELD[block.type];
  return (
    <div className={styles.formGrid}>
      <h3 className={styles.wide}>
        {t('content.blockHeading', { index: index + 1, type: t(`content.block_${block.type}`) })}
      </h3>
      {field === null ? null : (
        // The machine ids take the whole row: a list of ids is long.
        <div className={block.type === 'machines' ? styles.wide : undefined}>
          <FormField label={t(field.label)}>
            <Input
              value={block[field.key]}
              spellCheck={false}
              onChange={(event) => onChange({ [field.key]: event.target.value })}
            />
          </FormField>
        </div>
      )}
      {block.type === 'machines' ? null : (
        <BodyFields
          texts={block.text}
          multiline={block.type === 'text'}
          onChange={(text) => onChange({ text })}
        />
      )}
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={onRemove}>
          {t('content.removeBlock', { index: index + 1 })}
        </Button>
      </div>
    </div>
  );
}

/** An event page's own fields: its address and its blocks, added, edited and removed in order. */
export function EventFields({ fields, onChange }: KindFormProps<'event'>) {
  const { t } = useTranslation();
  const setBlocks = (blocks: BlockDraft[]) => onChange({ ...fields, blocks });
  return (
    <>
      <TextInput
        label={t('content.fieldSlug')}
        value={fields.slug}
        onChange={(slug) => onChange({ ...fields, slug })}
      />
      <fieldset className={styles.wide}>
        <legend>{t('content.blocks')}</legend>
        {fields.blocks.map((block, index) => (
          <BlockEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; their order is their identity.
            key={index}
            block={block}
            index={index}
            onChange={(patch) =>
              setBlocks(
                fields.blocks.map((each, at) => (at === index ? { ...each, ...patch } : each)),
              )
            }
            onRemove={() => setBlocks(fields.blocks.filter((_, at) => at !== index))}
          />
        ))}
        <div className={uiStyles.row}>
          {eventBlockTypeSchema.options.map((type) => (
            <Button
              key={type}
              size="sm"
              variant="secondary"
              onClick={() =>
                setBlocks([
                  ...fields.blocks,
                  { type, text: blankTexts(), image_url: '', machines: '', code: '' },
                ])
              }
            >
              {t('content.addBlock', { type: t(`content.block_${type}`) })}
            </Button>
          ))}
        </div>
      </fieldset>
    </>
  );
}
