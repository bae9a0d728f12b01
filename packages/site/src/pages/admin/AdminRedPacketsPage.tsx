import {
  type AdminRedPacketCampaign,
  emailSchema,
  isApiError,
  isCoinId,
  MAX_RED_PACKET_COUNT,
} from '@poolkit/core';
import {
  Button,
  CopyButton,
  Dialog,
  FormField,
  Input,
  QRCode,
  Select,
  StatusTag,
} from '@poolkit/widgets';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime, hashrate } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { Card, uiStyles } from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { PacketStateTag } from '../programmes/PacketStateTag';
import { packetLink } from '../programmes/packetLink';
import * as programmeStyles from '../programmes/programmes.css';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';
import { utcDateIn, wholeNumber } from './adminForm';
import { ReviewCard, ReviewTable } from './ReviewTable';
import { SubmitRow } from './SubmitRow';
import { usePaging } from './usePaging';

/** Hashrate units an operator types in, by their factor in H/s. */
const UNITS = [
  ['GH/s', 1e9],
  ['TH/s', 1e12],
  ['PH/s', 1e15],
] as const;

interface CampaignForm {
  name: string;
  coin: string;
  hashrate: string;
  unit: string;
  durationDays: string;
  count: string;
  deadline: string;
  emails: string;
}

type CampaignErrors = Partial<Record<keyof CampaignForm, string>>;

/** The receiving emails typed one per line (blank lines dropped). */
function emailLines(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function validate(t: TFunction, form: CampaignForm): CampaignErrors {
  const errors: CampaignErrors = {};
  if (form.name.trim() === '') errors.name = t('site.redPackets.admin.nameRequired');
  if (!isCoinId(form.coin)) errors.coin = t('site.redPackets.admin.coinRequired');
  if (!(Number(form.hashrate) > 0)) errors.hashrate = t('site.redPackets.admin.hashrateInvalid');
  if (wholeNumber(form.durationDays, 365) === undefined) {
    errors.durationDays = t('site.redPackets.admin.durationInvalid');
  }
  const count = wholeNumber(form.count, MAX_RED_PACKET_COUNT);
  if (count === undefined) {
    errors.count = t('site.redPackets.admin.countInvalid', { max: MAX_RED_PACKET_COUNT });
  }
  if (!(Date.parse(`${form.deadline}T23:59:59Z`) > Date.now())) {
    errors.deadline = t('site.redPackets.admin.deadlineInvalid');
  }
  const emails = emailLines(form.emails);
  if (emails.some((email) => !emailSchema.safeParse(email).success)) {
    errors.emails = t('validation.emailInvalid');
  } else if (count !== undefined && emails.length > count) {
    errors.emails = t('site.redPackets.admin.tooManyEmails');
  }
  return errors;
}

/** The packets of one campaign with their links, QR codes and receivers. */
function CampaignPackets({ campaign }: { campaign: AdminRedPacketCampaign }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const paging = usePaging();
  const [qrOf, setQrOf] = useState<string | null>(null);
  const packets = useApiData(
    async (signal) =>
      api.adminRedPackets(
        { params: { campaign_id: campaign.id }, query: paging.query },
        { signal },
      ),
    [campaign.id, paging.page],
  );
  const campaignLink = packetLink(campaign.packet_id);
  return (
    <>
      <p className={uiStyles.muted}>{t('site.redPackets.admin.campaignLinkHint')}</p>
      <div className={styles.actions} style={{ justifyContent: 'flex-start' }}>
        <code className={styles.code} data-testid="campaign-link">
          {campaignLink}
        </code>
        <CopyButton value={campaignLink} labels={{ copy: t('site.redPackets.copyLink') }} />
      </div>
      <ReviewTable
        caption={t('site.redPackets.admin.packetsTitle', { name: campaign.name })}
        data={packets}
        rows={(answer) => answer.list}
        rowKey={(row) => row.packet_id}
        paging={{ ...paging, showCount: true }}
        columns={[
          {
            key: 'link',
            header: t('site.redPackets.admin.link'),
            cell: (row) => (
              <span className={styles.code} data-testid="packet-link">
                {packetLink(row.packet_id)}
              </span>
            ),
          },
          {
            key: 'state',
            header: t('site.redPackets.status'),
            cell: (row) =>
              row.status === 'unclaimed' ? (
                <StatusTag tone="info" size="sm">
                  {t('site.redPackets.admin.unclaimed')}
                </StatusTag>
              ) : (
                <PacketStateTag status={row.status} />
              ),
          },
          {
            key: 'email',
            header: t('site.redPackets.admin.receivingEmail'),
            cell: (row) => row.receiving_email ?? '—',
          },
          {
            key: 'receivedBy',
            header: t('site.redPackets.admin.receivedBy'),
            cell: (row) => row.received_by ?? '—',
          },
          {
            key: 'profit',
            header: t('site.redPackets.totalProfit'),
            numeric: true,
            cell: (row) => row.total_profit,
          },
          {
            key: 'share',
            header: t('site.redPackets.admin.share'),
            cell: (row) => (
              <span className={uiStyles.row}>
                <CopyButton
                  value={packetLink(row.packet_id)}
                  labels={{ copy: t('site.redPackets.copyLink') }}
                />
                <Button variant="secondary" size="sm" onClick={() => setQrOf(row.packet_id)}>
                  {t('site.redPackets.admin.qr')}
                </Button>
              </span>
            ),
          },
        ]}
      />
      {qrOf === null ? null : (
        <div className={uiStyles.row}>
          <QRCode value={packetLink(qrOf)} size={160} label={t('site.redPackets.admin.qr')} />
          <Button variant="secondary" size="sm" onClick={() => setQrOf(null)}>
            {t('site.wallet.close')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * `/admin/red-packets`: create hashrate red-packet campaigns (audited), list them with their
 * packets' links and QR codes, and disable one (its packets not yet activated become invalid).
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const pools = usePools();
  const [form, setForm] = useState<CampaignForm>(() => ({
    name: '',
    coin: 'btc',
    hashrate: '10',
    unit: 'TH/s',
    durationDays: '7',
    count: '10',
    deadline: utcDateIn(14),
    emails: '',
  }));
  const [errors, setErrors] = useState<CampaignErrors>({});
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<AdminRedPacketCampaign | null>(null);
  const paging = usePaging();
  const campaigns = useEndpoint('adminRedPacketCampaigns', { query: paging.query });
  const coins =
    pools.status === 'ready'
      ? [...new Set(pools.data.filter((pool) => !pool.address_mining).map((pool) => pool.coin))]
      : ['btc'];

  function change(field: keyof CampaignForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const found = validate(t, form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !isCoinId(form.coin)) return;
    const factor = UNITS.find(([unit]) => unit === form.unit)?.[1] ?? 1e12;
    const emails = emailLines(form.emails);
    setCreating(true);
    try {
      const campaign = await api.createRedPacketCampaign({
        body: {
          name: form.name.trim(),
          coin: form.coin,
          hashrate: Number(form.hashrate) * factor,
          duration_days: Number(form.durationDays),
          count: Number(form.count),
          activation_deadline: `${form.deadline}T23:59:59Z`,
          ...(emails.length === 0 ? {} : { receiving_emails: emails }),
        },
      });
      showMessage(t('site.redPackets.admin.created', { count: campaign.count }), 'success');
      setShown(campaign);
      paging.setPage(1);
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        const fields: CampaignErrors = {};
        for (const { field, message } of error.fields) {
          if (field === 'activation_deadline') fields.deadline = message;
          else if (field === 'receiving_emails') fields.emails = message;
          else if (field === 'coin') fields.coin = message;
          else fields.name = message;
        }
        setErrors(fields);
      } else reportError(error);
    } finally {
      setCreating(false);
    }
  }

  async function disable(campaign: AdminRedPacketCampaign) {
    if (!window.confirm(t('site.redPackets.admin.disableConfirm', { name: campaign.name }))) return;
    try {
      await api.disableRedPacketCampaign({ params: { campaign_id: campaign.id } });
      showMessage(t('site.redPackets.admin.disabled'), 'success');
    } catch (error) {
      reportError(error);
    }
  }

  const field = (name: keyof CampaignForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <AdminFrame current="AdminRedPackets">
      <Card title={t('site.redPackets.admin.createTitle')}>
        <p className={uiStyles.muted}>{t('site.redPackets.admin.createIntro')}</p>
        <form className={styles.formGrid} noValidate onSubmit={(event) => void create(event)}>
          <FormField label={t('site.redPackets.name')} error={errors.name} required>
            <Input maxLength={60} autoComplete="off" {...field('name')} />
          </FormField>
          <FormField label={t('site.redPackets.coin')} error={errors.coin} required>
            <Select
              value={form.coin}
              onValueChange={(value) => change('coin', value)}
              options={coins.map((coin) => ({ value: coin, label: coin.toUpperCase() }))}
            />
          </FormField>
          <FormField label={t('site.redPackets.hashrate')} error={errors.hashrate} required>
            <span className={programmeStyles.withUnit}>
              <Input inputMode="decimal" autoComplete="off" {...field('hashrate')} />
              <Select
                value={form.unit}
                aria-label={t('site.redPackets.admin.unit')}
                width="auto"
                onValueChange={(value) => change('unit', value)}
                options={UNITS.map(([unit]) => ({ value: unit, label: unit }))}
              />
            </span>
          </FormField>
          <FormField label={t('site.redPackets.durationDays')} error={errors.durationDays} required>
            <Input type="number" inputMode="numeric" min={1} max={365} {...field('durationDays')} />
          </FormField>
          <FormField label={t('site.redPackets.admin.count')} error={errors.count} required>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_RED_PACKET_COUNT}
              {...field('count')}
            />
          </FormField>
          <FormField
            label={t('site.redPackets.activationDeadline')}
            error={errors.deadline}
            required
          >
            <Input type="date" min={utcDateIn(0)} {...field('deadline')} />
          </FormField>
          <FormField
            className={styles.wide}
            label={t('site.redPackets.admin.receivingEmails')}
            hint={t('site.redPackets.admin.receivingEmailsHint')}
            error={errors.emails}
          >
            <textarea className={uiStyles.input} rows={3} {...field('emails')} />
          </FormField>
          <SubmitRow busy={creating}>{t('site.redPackets.admin.create')}</SubmitRow>
        </form>
      </Card>

      <ReviewCard
        title={t('site.redPackets.admin.campaigns')}
        data={campaigns}
        rows={(answer) => answer.list}
        rowKey={(row) => row.id}
        emptyText={t('site.redPackets.admin.noCampaigns')}
        paging={{ ...paging, showCount: true }}
        columns={[
          { key: 'name', header: t('site.redPackets.name'), cell: (row) => row.name },
          {
            key: 'hashrate',
            header: t('site.redPackets.hashrate'),
            cell: (row) => `${row.coin.toUpperCase()} · ${hashrate(row.hashrate, row.coin)}`,
          },
          {
            key: 'duration',
            header: t('site.redPackets.durationDays'),
            numeric: true,
            cell: (row) => row.duration_days,
          },
          {
            key: 'received',
            header: t('site.redPackets.admin.received'),
            numeric: true,
            cell: (row) => `${row.received} / ${row.count}`,
          },
          {
            key: 'activated',
            header: t('site.redPackets.admin.activated'),
            numeric: true,
            cell: (row) => row.activated,
          },
          {
            key: 'deadline',
            header: t('site.redPackets.activationDeadline'),
            cell: (row) => dateTime(row.activation_deadline),
          },
          {
            key: 'status',
            header: t('site.redPackets.status'),
            cell: (row) => (
              <StatusTag tone={row.status === 'active' ? 'success' : 'neutral'} size="sm">
                {row.status === 'active'
                  ? t('site.redPackets.admin.active')
                  : t('site.redPackets.admin.disabledState')}
              </StatusTag>
            ),
          },
          {
            key: 'actions',
            header: t('site.redPackets.admin.actions'),
            cell: (row) => (
              <span className={uiStyles.row}>
                <Button variant="secondary" size="sm" onClick={() => setShown(row)}>
                  {t('site.redPackets.admin.showPackets')}
                </Button>
                {row.status === 'active' ? (
                  <Button variant="danger" size="sm" onClick={() => void disable(row)}>
                    {t('site.redPackets.admin.disable')}
                  </Button>
                ) : null}
              </span>
            ),
          },
        ]}
      />

      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title={shown === null ? '' : t('site.redPackets.admin.packetsTitle', { name: shown.name })}
      >
        {shown === null ? null : <CampaignPackets campaign={shown} />}
      </Dialog>
    </AdminFrame>
  );
}
