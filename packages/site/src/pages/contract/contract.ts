import type { ContractOrderStatus } from '@poolkit/core/contract';
import type { Session } from '@poolkit/core/session';
import type { StatusTone } from '@poolkit/widgets';

/** The tone of an order state's tag. */
export function orderTone(status: ContractOrderStatus): StatusTone {
  switch (status) {
    case 'unpaid':
      return 'warning';
    case 'review':
    case 'pending':
      return 'info';
    case 'effect':
      return 'success';
    case 'finish':
    case 'cancelled':
      return 'neutral';
    case 'reject':
      return 'danger';
    default:
      return status satisfies never;
  }
}

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Sends payment evidence (`POST /api/contracts/orders/{id}/certificates`, base64 in JSON as the
 * contract declares): {@link uploadFiles}.
 */
export function uploadEvidence(
  session: Session,
  orderId: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<void> {
  return uploadFiles(
    session,
    `/api/contracts/orders/${encodeURIComponent(orderId)}/certificates`,
    files,
    onProgress,
  );
}

/**
 * Posts files as `{files: [{file_name, content_type, data}]}` (base64 in JSON, as contract
 * evidence and ticket attachments take them) through XMLHttpRequest, whose upload events give
 * the progress bar its figures (fetch has none). Rejects on any answer but success.
 */
export async function uploadFiles(
  session: Session,
  path: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<void> {
  const body = JSON.stringify({
    files: await Promise.all(
      files.map(async (file) => ({
        file_name: file.name.slice(0, 128),
        content_type: file.type,
        data: await base64Of(file),
      })),
    ),
  });
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('content-type', 'application/json');
    const token = session.getAccessToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept-language', session.get('language'));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        const answer = JSON.parse(request.responseText) as { code?: number };
        if (request.status === 200 && answer.code === 0) resolve();
        else reject(new Error(`upload answered ${request.status}`));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new Error('upload failed'));
    request.send(body);
  });
}

/**
 * Opens an evidence file or a ticket attachment (it needs the bearer token, so a plain link
 * cannot); `url` is absolute or a path.
 */
export async function openEvidence(session: Session, url: string): Promise<void> {
  const token = session.getAccessToken();
  const answer = await fetch(new URL(url, window.location.origin).pathname, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!answer.ok) throw new Error(`file answered ${answer.status}`);
  const blob = await answer.blob();
  const link = URL.createObjectURL(blob);
  window.open(link, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(link), 60_000);
}
