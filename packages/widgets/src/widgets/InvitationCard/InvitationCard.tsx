import type { InvitationSummary } from '@poolkit/core';
import { useEffect, useState } from 'react';
import { QRCodeImage } from '../../components/QRCode/QRCodeImage';
import { cx } from '../../internal/cx';
import { Stat } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './InvitationCard.css';

/** The fields of an invitation summary the card shows. */
export type InvitationCardInvitation = Pick<
  InvitationSummary,
  'code' | 'link' | 'reward_percent' | 'invitee_count' | 'rewards'
>;

/** Keys of the texts of {@link InvitationCard}; each defaults to `t('mining.<key>')`. */
export type InvitationCardLabelKey =
  | 'invitation'
  | 'invitationCode'
  | 'invitationQr'
  | 'inviteRewardRate'
  | 'inviteeCount'
  | 'inviteRewardsPaid'
  | 'copyLink'
  | 'copyCode'
  | 'linkCopied'
  | 'codeCopied'
  | 'copyFailed';

/** Props of {@link InvitationCard}. */
export interface InvitationCardProps {
  /** The summary, as `GET /invitations` answers it. */
  invitation: InvitationCardInvitation;
  /** Edge of the QR code in CSS pixels. Default `128`. */
  qrSize?: number;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<InvitationCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

/**
 * The user's invitation (spec section 9): the code and registration link with copy buttons, a
 * QR code of the link (dark on light in both themes), the reward rate (0.2 % of each invitee's
 * mining revenue), how many users registered with it and the rewards paid so far per coin.
 */
export function InvitationCard({
  invitation,
  qrSize = 128,
  headingLevel = 3,
  labels,
  className,
}: InvitationCardProps) {
  const { label } = useLabels(labels);
  const Heading = `h${headingLevel}` as const;
  const [copied, setCopied] = useState<'idle' | 'link' | 'code' | 'failed'>('idle');

  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (what: 'link' | 'code') => {
    try {
      await navigator.clipboard.writeText(what === 'link' ? invitation.link : invitation.code);
      setCopied(what);
    } catch {
      setCopied('failed');
    }
  };

  return (
    <article className={cx(widget.card, className)}>
      <div className={styles.layout}>
        <div className={styles.details}>
          <Heading className={widget.title}>{label('invitation')}</Heading>
          <div className={styles.link}>
            <span className={styles.url} title={invitation.link}>
              {invitation.link}
            </span>
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              data-size="sm"
              onClick={() => void copy('link')}
            >
              {label('copyLink')}
            </button>
          </div>
          <p className={widget.srOnly} aria-live="polite">
            {copied === 'link'
              ? label('linkCopied')
              : copied === 'code'
                ? label('codeCopied')
                : copied === 'failed'
                  ? label('copyFailed')
                  : ''}
          </p>
          <dl className={widget.statGrid}>
            <Stat label={label('invitationCode')}>
              <span className={styles.code}>{invitation.code}</span>
            </Stat>
            <Stat label={label('inviteRewardRate')}>{`${invitation.reward_percent}%`}</Stat>
            <Stat label={label('inviteeCount')}>{invitation.invitee_count}</Stat>
            <Stat label={label('inviteRewardsPaid')}>
              {invitation.rewards.length === 0
                ? '0'
                : invitation.rewards
                    .map((reward) => `${reward.amount} ${reward.coin.toUpperCase()}`)
                    .join(' · ')}
            </Stat>
          </dl>
          <div>
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              data-size="sm"
              onClick={() => void copy('code')}
            >
              {label('copyCode')}
            </button>
          </div>
        </div>
        <QRCodeImage
          value={invitation.link}
          size={qrSize}
          label={label('invitationQr')}
          className={styles.qr}
        />
      </div>
    </article>
  );
}
